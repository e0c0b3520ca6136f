import { createHash, randomBytes } from 'node:crypto';
import { SESSIONS, USERS, type SessionDocument, type UserDocument } from '@estate/projections';
import type { NextFunction, Request, Response } from 'express';
import { MODERATOR_ROLE, type Role } from '@estate/events';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DomainError } from '../core/errors';
import { userDecider, userStream } from './user';

/** One year, as the spec's auth cookie lifetime (31536000 s). */
export const SESSION_LIFETIME_SECONDS = 31_536_000;
export const AUTH_COOKIE = 'auth-token';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type AuthenticatedUser = {
  userId: string;
  role: Role;
  agencyId: string | null;
  name: string;
  phone: string;
  email: string | null;
  tokenHash: string;
  /** an agent the owner has switched off: signed in, but kept out of the agency's calls */
  inactive?: boolean;
};

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthenticatedUser;
  }
}

/** Issues an unguessable token (256 random bits); only its hash is recorded. */
export async function startSession(ctx: AppContext, userId: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000).toISOString();
  const result = await handleCommand(ctx.eventStore, userStream(userId), userDecider, { type: 'StartSession', tokenHash: hashToken(token), expiresAt }, { actor: userId });
  await ctx.projections.whenCaughtUp(result.position);
  return { token, expiresAt };
}

function tokenFrom(req: Request): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const cookie = req.headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${AUTH_COOKIE}=`));
  return cookie ? decodeURIComponent(cookie.slice(AUTH_COOKIE.length + 1)) || null : null;
}

/** The user a token belongs to, if it is a live session; moderators are the phones configuration names. */
export async function userFromToken(ctx: AppContext, token: string): Promise<AuthenticatedUser | null> {
  const tokenHash = hashToken(token);
  const session = await ctx.readStore.collection<SessionDocument>(SESSIONS).findOne({ _id: tokenHash });
  if (!session || session.revoked || session.expiresAt < new Date().toISOString()) return null;
  const user = await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: session.userId });
  if (!user) return null;
  const role = ctx.config.MODERATOR_PHONES.includes(user.phone) ? MODERATOR_ROLE : user.role;
  return { userId: user._id, role, agencyId: user.agencyId, name: user.name, phone: user.phone, email: user.email, tokenHash, inactive: user.employee?.isActive === false };
}

/** Attaches the caller to the request when a valid token is presented; never rejects by itself. */
export function authenticate(ctx: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = tokenFrom(req);
    if (token) req.user = (await userFromToken(ctx, token)) ?? undefined;
    next();
  };
}

/** Sets the spec's auth cookie (one year); readable by the site's script, which also sends it as a Bearer header. */
export function setAuthCookie(res: Response, token: string) {
  res.cookie(AUTH_COOKIE, token, { maxAge: SESSION_LIFETIME_SECONDS * 1000, sameSite: 'lax', httpOnly: false, path: '/' });
}

export function currentUser(req: Request): AuthenticatedUser {
  if (!req.user) throw new DomainError('UNAUTHENTICATED');
  return req.user;
}

/** Who acts in a request: commands carry it, so that the deciders alone say who may do what. */
export type Actor = { userId: string; role: Role; agencyId: string | null };

/** The refusal of every agency call to an employee the owner has switched off (docs/decisions.md). */
export const switchedOffRefusal = () => new DomainError('FORBIDDEN', 'Доступ сотрудника отключён владельцем агентства');

/**
 * The one place a request's rights come from. A switched-off employee stays signed in and acts for
 * themselves (their profile, a booking they made as a guest), but their actor has no agency: every
 * agency right is decided by `agencyId`, and reading it refuses with the owner's 403. So a route or
 * decider that forgets to check the switch cannot give them agency rights; it answers that 403.
 */
export function actorOf(req: Request): Actor {
  const user = currentUser(req);
  if (!user.inactive) return { userId: user.userId, role: user.role, agencyId: user.agencyId };
  const actor = { userId: user.userId, role: user.role } as Actor;
  // not enumerable: copying or logging the actor must not ask for the agency
  return Object.defineProperty(actor, 'agencyId', { enumerable: false, get: () => { throw switchedOffRefusal(); } });
}

/** A role guard: a missing session is a 401, a wrong role a 403, both in the spec's envelope; a switched-off employee is refused the staff roles. */
export const requireRole =
  (...roles: Role[]) =>
  (req: Request, _res: Response, next: NextFunction) => {
    const user = currentUser(req);
    if (!roles.includes(user.role)) throw new DomainError('FORBIDDEN');
    if (user.inactive) throw switchedOffRefusal();
    next();
  };

/** Every agency-level call: the caller is staff of the agency the path names (a moderator may act on any). */
export const requireSameAgency =
  (param: string, refusal: string) =>
  (req: Request, _res: Response, next: NextFunction) => {
    const actor = actorOf(req);
    if (actor.role !== MODERATOR_ROLE && actor.agencyId !== req.params[param]) throw new DomainError('FORBIDDEN', refusal);
    next();
  };
