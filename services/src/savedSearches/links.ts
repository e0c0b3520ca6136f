import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DealCategory } from '@estate/events';
import type { Config } from '../core/config';

/**
 * The unsubscribe link of an alert: it pauses that one search without signing in. Its token is the
 * user's and the search's ids with an HMAC-SHA256 of them under a key derived from the server's
 * secret (`VISITOR_SECRET`, the same in every process) with a label of its own, so nobody can make
 * a token for another search. It does not expire: an old letter's link still works.
 */
function keyOf(config: Config) {
  return createHmac('sha256', config.VISITOR_SECRET).update('saved-search-unsubscribe').digest();
}

export function unsubscribeToken(config: Config, userId: string, searchId: string): string {
  const payload = Buffer.from(JSON.stringify([userId, searchId])).toString('base64url');
  const mac = createHmac('sha256', keyOf(config)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The user and search a token names, or null for a token that is malformed or not ours. */
export function readUnsubscribeToken(
  config: Config,
  token: string,
): { userId: string; searchId: string } | null {
  const [payload, mac, ...rest] = token.split('.');
  if (!payload || !mac || rest.length) return null;
  const expected = createHmac('sha256', keyOf(config)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const ids: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(ids) || ids.length !== 2 || !ids.every((id) => typeof id === 'string')) return null;
    return { userId: ids[0], searchId: ids[1] };
  } catch {
    return null;
  }
}

export const unsubscribeUrl = (config: Config, userId: string, searchId: string) =>
  `${config.PUBLIC_URL}/api/saved-searches/unsubscribe?token=${encodeURIComponent(unsubscribeToken(config, userId, searchId))}`;

const DEAL_PATHS: Record<DealCategory, string> = { sale: 'prodazha', rent: 'rent', dailyRent: 'daily-rent' };

/** A listing's page on the site. */
export const listingUrl = (config: Config, deal: DealCategory, publicationId: string) =>
  `${config.PUBLIC_URL}/${DEAL_PATHS[deal]}/${encodeURIComponent(publicationId)}`;

/** The account's page of saved searches. */
export const accountUrl = (config: Config) => `${config.PUBLIC_URL}/account/user/saved-searches`;

const HOUR = 3_600_000;
/** The Moscow date (UTC+3 all year) of a moment, YYYY-MM-DD. */
export const moscowDate = (at: Date | string) =>
  new Date(new Date(at).getTime() + 3 * HOUR).toISOString().slice(0, 10);
/** The Moscow date of the Monday of a moment's week. */
export function moscowWeek(at: Date | string): string {
  const day = new Date(`${moscowDate(at)}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * HOUR).toISOString().slice(0, 10);
}
/** the Moscow hour of a moment */
export const moscowHour = (at: Date) => new Date(at.getTime() + 3 * HOUR).getUTCHours();
