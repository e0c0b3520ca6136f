import { createHash, randomBytes } from 'node:crypto';
import { SESSIONS, USERS, type SessionDocument, type UserDocument } from '@estate/projections';
import type { NextFunction, Request, Response } from 'express';
import { MODERATOR_ROLE } from '@estate/events';
import type { AuthenticatedUser } from '../core/access';
import type { AppContext } from '../core/context';
import { inSession, sessionIdOf } from '../core/session';
import { SESSION_USE_RECORDED_EVERY_MS, handleSessionActivity } from './sessionActivity';
import { handleUser } from './user';

/** One year, as the spec's auth cookie lifetime (31536000 s): the absolute end of a session, however much it is used. */
export const SESSION_LIFETIME_SECONDS = 31_536_000;
/** A session unused this long ends (30 days); each use moves the end forward (recorded at most hourly, see sessionActivity.ts). */
export const SESSION_IDLE_SECONDS = 30 * 24 * 60 * 60;
export const AUTH_COOKIE = 'auth-token';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an unguessable token (256 random bits); only its hash is recorded. */
export async function startSession(ctx: AppContext, userId: string) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000).toISOString();
  const command = {
    type: 'StartSession' as const,
    tokenHash: hashToken(token),
    expiresAt,
    startedAt: now.toISOString(),
  };
  const result = await handleUser(ctx.eventStore, userId, command, {
    actor: userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return { token, expiresAt };
}

/** Starts a session after a sign-in or a sign-up: the token is answered and set as the session cookie. */
export async function signedIn(ctx: AppContext, res: Response, userId: string) {
  const { token } = await startSession(ctx, userId);
  setAuthCookie(ctx, res, token);
  return { token };
}

/** A token from `Authorization: Bearer` (API clients) or from the HttpOnly cookie (the site and the cabinet). */
type PresentedToken = { token: string; via: 'bearer' | 'cookie' };

function tokenFrom(req: Pick<Request, 'headers'>): PresentedToken | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, via: 'bearer' } : null;
  }
  const cookie = req.headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${AUTH_COOKIE}=`));
  if (!cookie) return null;
  try {
    const token = decodeURIComponent(cookie.slice(AUTH_COOKIE.length + 1));
    return token ? { token, via: 'cookie' } : null;
  } catch {
    return { token: cookie, via: 'cookie' }; // malformed escapes: no session has such a token, and the cookie gets cleared
  }
}

/** When a session ends unless it is used again: its idle end, never past its year. */
const endOf = (session: SessionDocument) =>
  Math.min(Date.parse(session.expiresAt), Date.parse(session.lastUsedAt) + SESSION_IDLE_SECONDS * 1000);

/** The session a token opens, if it is live: not revoked, not past its year, not idle longer than SESSION_IDLE_SECONDS. */
async function liveSession(
  ctx: AppContext,
  token: string,
): Promise<{ user: AuthenticatedUser; session: SessionDocument } | null> {
  const tokenHash = hashToken(token);
  const session = await ctx.readStore.collection<SessionDocument>(SESSIONS).findOne({ _id: tokenHash });
  if (!session || session.revoked || endOf(session) <= ctx.clock().getTime()) return null;
  const user = await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: session.userId });
  if (!user) return null;
  const role = ctx.config.MODERATOR_PHONES.includes(user.phone) ? MODERATOR_ROLE : user.role;
  return {
    session,
    user: {
      userId: user._id,
      role,
      agencyId: user.agencyId,
      name: user.name,
      phone: user.phone,
      email: user.email,
      tokenHash,
      inactive: user.employee?.isActive === false,
    },
  };
}

/**
 * Records a use of the session when the last recorded one is an hour old or more (moving its idle
 * end forward), and then renews the cookie too. Best effort: a failed record never fails the request.
 */
async function recordUse(
  ctx: AppContext,
  req: Request,
  res: Response,
  session: SessionDocument,
  presented: PresentedToken,
) {
  const now = ctx.clock();
  if (now.getTime() - Date.parse(session.lastUsedAt) < SESSION_USE_RECORDED_EVERY_MS) return;
  try {
    const command = {
      type: 'RecordSessionUse' as const,
      userId: session.userId,
      tokenHash: session._id,
      now,
    };
    const result = await handleSessionActivity(ctx.eventStore, session._id, command, {
      actor: session.userId,
      correlationId: req.id as string,
    });
    if (result.events.length > 0 && presented.via === 'cookie')
      setAuthCookie(ctx, res, presented.token, cookieMaxAgeMs(session.expiresAt, now));
  } catch (error) {
    req.log?.warn({ err: error }, 'session use not recorded');
  }
}

/** The idle period, but never past the session's absolute end. */
const cookieMaxAgeMs = (expiresAt: string, now: Date) =>
  Math.max(0, Math.min(SESSION_IDLE_SECONDS * 1000, Date.parse(expiresAt) - now.getTime()));

/**
 * A connection that outlives its request (a chat WebSocket): its user, and when its session ends
 * unless used again. The socket must close then, or when the session is ended (`SessionEnded`).
 */
export type SocketSession = { user: AuthenticatedUser; endsAt: number };

const socketSessionOf = async (ctx: AppContext, token: string): Promise<SocketSession | null> => {
  const live = await liveSession(ctx, token);
  return live ? { user: live.user, endsAt: endOf(live.session) } : null;
};

/**
 * The signed-in session of a request that is not Express's (a WebSocket's upgrade): the same token,
 * from the same header or cookie, and the same checks; null when none is live.
 */
export async function sessionOfHeaders(
  ctx: AppContext,
  headers: Request['headers'],
): Promise<SocketSession | null> {
  const presented = tokenFrom({ headers });
  return presented ? socketSessionOf(ctx, presented.token) : null;
}

/** The signed-in session of a token sent in a WebSocket's first message; null when it is not live. */
export const sessionOfToken = (ctx: AppContext, token: string) => socketSessionOf(ctx, token);

/**
 * When a session (by its token's hash) ends unless used again; null once it has ended: signed out,
 * revoked, past its year or idle too long. A socket asks again when the end it knew has come (a use
 * since then moves the end forward).
 */
export async function sessionEndOf(ctx: AppContext, tokenHash: string): Promise<number | null> {
  const session = await ctx.readStore.collection<SessionDocument>(SESSIONS).findOne({ _id: tokenHash });
  if (!session || session.revoked) return null;
  const end = endOf(session);
  return end > ctx.clock().getTime() ? end : null;
}

/**
 * Attaches the caller to the request when a live token is presented; never rejects by itself. A
 * dead cookie is cleared here: the front ends cannot read the HttpOnly cookie, they only ask /api/profile.
 */
export function authenticate(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const presented = tokenFrom(req);
    const live = presented ? await liveSession(ctx, presented.token) : null;
    if (live && presented) {
      req.user = live.user;
      await recordUse(ctx, req, res, live.session, presented);
    } else if (presented?.via === 'cookie') {
      clearAuthCookie(ctx, res);
    }
    const inBody = req.user ? undefined : sessionTokenInBody(req);
    if (inBody) req.user = (await liveSession(ctx, inBody))?.user;
    // the rest of the request runs in its session: the commands it causes record the session's id
    if (req.user) inSession({ userId: req.user.userId, sessionId: sessionIdOf(req.user.tokenHash) }, next);
    else next();
  };
}

/** The one call whose spec'd client sends its session token in the body (api.md: send-confirm-email, token). */
const BODY_TOKEN_PATHS = new Set(['/api/auth/send-confirm-email', '/api/auth/send-confirm-email/']);

function sessionTokenInBody(req: Request): string | undefined {
  if (req.method !== 'POST' || !BODY_TOKEN_PATHS.has(req.baseUrl + req.path)) return undefined;
  const token = (req.body as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token ? token : undefined;
}

/** HttpOnly (scripts never see it), Secure in production, SameSite=Lax, for the whole site: one session serves the site and the cabinet. */
const cookieOptions = (ctx: AppContext) => ({
  httpOnly: true,
  secure: ctx.config.NODE_ENV === 'production',
  sameSite: 'lax' as const,
  path: '/',
});

/** Sets the session cookie for the idle period (30 days), renewed on use up to the session's one-year end. */
export function setAuthCookie(
  ctx: AppContext,
  res: Response,
  token: string,
  maxAgeMs = SESSION_IDLE_SECONDS * 1000,
) {
  res.cookie(AUTH_COOKIE, token, { ...cookieOptions(ctx), maxAge: maxAgeMs });
}

export function clearAuthCookie(ctx: AppContext, res: Response) {
  res.clearCookie(AUTH_COOKIE, cookieOptions(ctx));
}
