import { createHmac } from 'node:crypto';
import type { Config } from '../core/config';

/**
 * The key of a guest's link to their request's own page (`/booking/<id>#<key>`), for a guest
 * without an account: an HMAC of the request's id under a key derived from the server's secret
 * (`VISITOR_SECRET`, the same in every process) with a label of its own. The request records only
 * the key's hash; the answer of the request and the SMS that follows it (reactors.ts) derive the
 * same key, so the key itself is never in the event log. 256 bits, 43 characters of base64url.
 */
export function guestKeyOf(config: Config, requestId: string): string {
  const key = createHmac('sha256', config.VISITOR_SECRET).update('booking-guest-link').digest();
  return createHmac('sha256', key).update(requestId).digest('base64url');
}

/** Where a guest without an account follows the request: the key stays in the fragment (never sent to the server with the page, nor in a Referer). */
export const guestPagePath = (requestId: string, key: string) => `/booking/${requestId}#${key}`;
