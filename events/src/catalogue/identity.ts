import { z } from 'zod';
import { id, phone, role } from './shared';

export const identityEvents = {
  UserRegistered: z.object({ userId: id, name: z.string().min(1).max(200), phone, email: z.string().max(200).nullable(), role, agencyId: id.nullable() }),
  /** only a hash of the token is ever stored */
  SessionStarted: z.object({ userId: id, tokenHash: z.string().length(64), expiresAt: z.string() }),
  SessionEnded: z.object({ userId: id, tokenHash: z.string().length(64) }),
};

export const agencyEvents = {
  AgencyRegistered: z.object({ agencyId: id, name: z.string().min(1).max(200), ownerId: id }),
};
