import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../core/context';
import { isBotUserAgent } from './bots';
import { interactionOf, publishInteractions } from './interactions';

/**
 * A visitor id is issued by the server, never made up by the browser: 128 random bits and their
 * HMAC under VISITOR_SECRET, in an HttpOnly cookie. The site's script asks for it
 * (`POST /api/visitor`), so a page fetched without running its JavaScript never has one, and a
 * made-up id fails the signature. Card views and listing openings count only for a valid id (or a
 * signed-in user).
 */
export const VISITOR_COOKIE = 'visitor';
/** long-lived: a returning browser is the same visitor for a year (a view counts once per visitor, listing and day) */
const VISITOR_LIFETIME_MS = 365 * 24 * 60 * 60_000;
const ID = /^[A-Za-z0-9_-]{22}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** the server-issued visitor id of a valid `visitor` cookie */
      visitorId?: string;
    }
  }
}

const signatureOf = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`visitor:${id}`).digest('base64url');

export const signVisitorId = (secret: string, id: string) => `${id}.${signatureOf(secret, id)}`;

/** The id a cookie value carries, if its signature is ours. */
export function verifyVisitorToken(secret: string, token: string): string | null {
  const [id, signature, ...rest] = token.split('.');
  if (rest.length || !id || !signature || !ID.test(id)) return null;
  const expected = Buffer.from(signatureOf(secret, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function cookieValue(req: Request, name: string): string | null {
  const part = req.headers.cookie
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name}=`));
  if (!part) return null;
  try {
    return decodeURIComponent(part.slice(name.length + 1));
  } catch {
    return null;
  }
}

/** Reads the `visitor` cookie into `req.visitorId` when its signature holds; anything else is no visitor. */
export function readVisitor(ctx: AppContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = cookieValue(req, VISITOR_COOKIE);
    const id = token ? verifyVisitorToken(ctx.config.VISITOR_SECRET, token) : null;
    if (id) req.visitorId = id;
    next();
  };
}

/** Gives the browser a visitor id unless it has a valid one: HttpOnly, SameSite=Lax, Secure in production, a year. */
export function issueVisitor(
  ctx: AppContext,
  req: Request,
  res: Response,
): { visitorId: string; issued: boolean } {
  if (req.visitorId) return { visitorId: req.visitorId, issued: false };
  const id = randomBytes(16).toString('base64url');
  res.cookie(VISITOR_COOKIE, signVisitorId(ctx.config.VISITOR_SECRET, id), {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.NODE_ENV === 'production',
    maxAge: VISITOR_LIFETIME_MS,
    path: '/',
  });
  req.visitorId = id;
  return { visitorId: id, issued: true };
}

/**
 * Who is looking: the account when signed in, else the server-issued visitor id of the signed
 * `visitor` cookie. Views, openings and the "recently opened" list hang on it. The spec's
 * `fingerprint` header is no longer read: any client can make one up.
 */
export function viewerOf(req: Request): string | null {
  if (req.user) return `user:${req.user.userId}`;
  return req.visitorId ? `visitor:${req.visitorId}` : null;
}

/** A keyed hash of an address for the per-IP limits: the address itself never reaches the bus. */
export const originOfAddress = (ctx: AppContext, ip: string) =>
  createHmac('sha256', ctx.config.VISITOR_SECRET).update(`ip:${ip}`).digest('base64url').slice(0, 22);

/** The caller's address, hashed (originOfAddress). */
export const originOf = (ctx: AppContext, req: Request) => originOfAddress(ctx, req.ip ?? '');

/**
 * Records card views or a listing opening, if they may count: a signed-in user or a valid visitor
 * id, and no crawler or tool user agent. Each carries its viewer and the caller's hashed address,
 * so the statistics consumer can apply the counting limits (projections' COUNTING_LIMITS). Never
 * fails the call: a bus outage only loses the count.
 */
export async function recordInteractions(
  ctx: AppContext,
  req: Request,
  kind: 'view' | 'click',
  publicationIds: string[],
): Promise<number> {
  const viewer = viewerOf(req);
  if (!viewer || !publicationIds.length || isBotUserAgent(req.get('user-agent'))) return 0;
  const at = ctx.clock().toISOString();
  const origin = originOf(ctx, req);
  const interactions = publicationIds.map((publicationId) =>
    interactionOf.seen(kind, viewer, publicationId, at, origin),
  );
  try {
    await publishInteractions(ctx, interactions);
    return interactions.length;
  } catch (error) {
    req.log.warn({ err: error }, `${kind} not recorded`);
    return 0;
  }
}

/** A listing opened (`GET /api/publications/{id}`): its click, once per viewer and day. */
export const recordOpening = (ctx: AppContext, req: Request, publicationId: string) =>
  recordInteractions(ctx, req, 'click', [publicationId]);
