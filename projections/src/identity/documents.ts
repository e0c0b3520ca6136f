import type { NotificationSettings, Role } from '@estate/events';

export const USERS = 'users';
export const SESSIONS = 'sessions';
export const AGENCIES = 'agencies';

export type UserDocument = {
  _id: string;
  revision: number;
  name: string;
  phone: string;
  email: string | null;
  emailVerified: boolean;
  role: Role;
  agencyId: string | null;
  /** a path under /storage/ */
  avatar: string | null;
  settings: NotificationSettings;
  /** the tariff notice's own switch (TariffNoticeSwitched), on unless switched off */
  tariffNotice: boolean;
  newsletter: boolean;
  /** end of the paid premium subscription */
  premiumUntil: string | null;
  /** as an agency's agent: whether the owner keeps them active, and their spending limit in roubles */
  employee?: { isActive: boolean; limit: number | null } | null;
  createdAt: string;
};

/** keyed by the SHA-256 of the token: the token itself is never stored */
export type SessionDocument = {
  _id: string;
  userId: string;
  /** the absolute end (a year after the start) */
  expiresAt: string;
  revoked: boolean;
  /** the start or the last recorded use (SessionUsed, at most hourly): the idle expiry counts from it */
  lastUsedAt: string;
};

export type AgencyDocument = {
  _id: string;
  revision: number;
  name: string;
  ownerId: string;
  avatar: string | null;
  createdAt: string;
  legalEntity?: 1 | 2 | 3;
  inn?: string | null;
  kpp?: string | null;
  accountNumber?: string | null;
  siteLink?: string | null;
  email?: string | null;
  description?: string | null;
  canViewInCatalog?: boolean;
  specializations?: string[];
};
