import { createHmac, randomUUID } from 'node:crypto';
import type { AppContext } from '../core/context';
import type { Config } from '../core/config';
import { hashToken } from './sessions';
import type { EmailLink } from './user';

/**
 * The key of the confirmation links, derived from the server's secret (`VISITOR_SECRET`, the same in
 * every process) under a label of its own, so a visitor id's signature and a link's token are never
 * the same value.
 */
const linkKey = (config: Config) =>
  createHmac('sha256', config.VISITOR_SECRET).update('email-confirmation-link').digest();

/**
 * A confirmation link's token: the account id (to find its stream) and an HMAC of the link's id.
 * The request records only the link's id and the token's hash (`EmailConfirmationSent`); the
 * letter's sender derives the same token from them (reactors.ts), so the token itself is never in
 * the event log or the domain-events topic.
 */
export function emailLinkToken(config: Config, userId: string, linkId: string): string {
  const mac = createHmac('sha256', linkKey(config)).update(`${userId}:${linkId}`).digest('base64url');
  return `${Buffer.from(userId).toString('base64url')}.${mac}`;
}

/** A new link for the account's address: what the user decider records with it. */
export function newEmailLink(ctx: AppContext, userId: string): EmailLink {
  const linkId = randomUUID();
  return { linkId, tokenHash: hashToken(emailLinkToken(ctx.config, userId, linkId)), now: ctx.clock() };
}

/** The account a token names, if it is well formed; the account's stream then judges the token. */
export function userIdOfEmailToken(token: string): string | null {
  const [encoded, secret] = token.split('.');
  if (!encoded || !secret) return null;
  const userId = Buffer.from(encoded, 'base64url').toString();
  return /^[\w-]{1,64}$/.test(userId) ? userId : null;
}

/** product.md's confirmation page, at the configured address (never the request's Host header). */
export const CONFIRMATION_PAGE = '/confirmation-email';
export const confirmationLink = (config: Config, token: string) =>
  `${config.PUBLIC_URL}${CONFIRMATION_PAGE}?token=${encodeURIComponent(token)}`;
