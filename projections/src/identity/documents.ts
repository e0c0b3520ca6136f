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
  newsletter: boolean;
  /** end of the paid premium subscription */
  premiumUntil: string | null;
  createdAt: string;
};

/** keyed by the SHA-256 of the token: the token itself is never stored */
export type SessionDocument = { _id: string; userId: string; expiresAt: string; revoked: boolean };

export type AgencyDocument = { _id: string; revision: number; name: string; ownerId: string; avatar: string | null; createdAt: string };
