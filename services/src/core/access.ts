import { MODERATOR_ROLE, ROLES, type Role } from '@estate/events';
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from './errors';

/**
 * Who is acting, and what they may do: the one module every slice asks. Authentication (which
 * session a token opens) is the identity slice's; it puts the caller on `req.user`.
 */
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

/** Who acts in a request: commands carry it, so that the deciders alone say who may do what. */
export type Actor = { userId: string; role: Role; agencyId: string | null };

/** The staff roles: the agency's agent and owner, and the back-office moderator. */
export const STAFF: readonly Role[] = [ROLES.AGENT, ROLES.AGENCY_OWNER, MODERATOR_ROLE];

export function currentUser(req: Request): AuthenticatedUser {
  if (!req.user) throw new DomainError('UNAUTHENTICATED');
  return req.user;
}

/** The refusal of every agency call to an employee the owner has switched off (docs/decisions.md). */
export const switchedOffRefusal = () =>
  new DomainError('FORBIDDEN', 'Доступ сотрудника отключён владельцем агентства');

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
  return Object.defineProperty(actor, 'agencyId', {
    enumerable: false,
    get: () => {
      throw switchedOffRefusal();
    },
  });
}

/** The caller must hold one of the roles: no session is a 401, another role a 403, a switched-off employee the owner's 403. */
export function requireRoles(req: Request, roles: readonly Role[]): Actor {
  const user = currentUser(req);
  if (!roles.includes(user.role)) throw new DomainError('FORBIDDEN');
  if (user.inactive) throw switchedOffRefusal();
  return actorOf(req);
}

/** `requireRoles` as Express middleware, for routes not yet declared with their `auth`. */
export const requireRole =
  (...roles: Role[]) =>
  (req: Request, _res: Response, next: NextFunction) => {
    requireRoles(req, roles);
    next();
  };

/** `requireAgencyStaff` as Express middleware: the agency is the path parameter `param`. */
export const requireSameAgency =
  (param: string, refusal: string) => (req: Request, _res: Response, next: NextFunction) => {
    requireAgencyStaff(req, String(req.params[param]), refusal);
    next();
  };

/** An agency-level call: the caller is staff of that agency (a moderator may act on any). */
export function requireAgencyStaff(req: Request, agencyId: string, refusal?: string): Actor {
  const actor = actorOf(req);
  if (actor.role !== MODERATOR_ROLE && actor.agencyId !== agencyId)
    throw new DomainError('FORBIDDEN', refusal);
  return actor;
}

/** The caller's own agency, for the cabinet's calls that name none (a moderator has none: refused). */
export function ownAgencyOf(req: Request): { actor: Actor; agencyId: string } {
  const actor = actorOf(req);
  if (!actor.agencyId) throw new DomainError('FORBIDDEN', 'Пользователь не состоит в агентстве');
  return { actor, agencyId: actor.agencyId };
}

/**
 * Whose publications (and their bookings) a staff member works with, as a read-model filter: an
 * agent's own in their agency, the owner's whole agency, a moderator's all.
 */
export function staffScope(actor: Actor): { agencyId?: string | null; authorId?: string } {
  if (actor.role === MODERATOR_ROLE) return {};
  return actor.role === ROLES.AGENT
    ? { agencyId: actor.agencyId, authorId: actor.userId }
    : { agencyId: actor.agencyId };
}

/** May this actor manage this publication (edit it, pay for it, answer its bookings, keep its calendar)? */
export function mayManagePublication(
  actor: Actor,
  publication: { agencyId: string | null; authorId: string },
): boolean {
  if (actor.role === MODERATOR_ROLE) return true;
  if (actor.agencyId === null || actor.agencyId !== publication.agencyId) return false;
  return actor.role === ROLES.AGENCY_OWNER || actor.userId === publication.authorId;
}
