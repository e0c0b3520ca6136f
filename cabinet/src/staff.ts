import type { Profile } from './types';

/**
 * The roles of the spec (product.md section 3): agents and owners work in the cabinet, users do not;
 * the moderators (@estate/events MODERATOR_ROLE) have a back-office of their own in it.
 */
export const ROLES = { AGENT: 1, AGENCY_OWNER: 2, USER: 3, MODERATOR: 99 } as const;

/**
 * The screens only the agency's owner opens (resources and pages, by name): the server refuses
 * anyone else their calls, so the cabinet shows «Нет доступа» instead of making them (canAccess).
 */
const OWNER_ONLY = ['employees', 'invoices', 'wallet', 'wallet-operations', 'audit'];
export const mayOpen = (role: number | undefined, screen: string | undefined) =>
  role === ROLES.AGENCY_OWNER || !OWNER_ONLY.includes(screen!);

export const isStaff = (me: Profile | null): me is Profile => me !== null && me.role !== ROLES.USER;

export const NOT_STAFF =
  'Кабинет агентства доступен сотрудникам агентств. Подайте заявку риелтора в личном кабинете.';

/**
 * The server's refusal of every agency call to an employee the owner switched off
 * (services/src/core/access.ts): the cabinet then shows why, instead of empty screens.
 */
export const SWITCHED_OFF = 'Доступ сотрудника отключён владельцем агентства';
