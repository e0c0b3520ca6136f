import { z } from 'zod';

export const DEAL_CATEGORIES = ['sale', 'rent', 'dailyRent'] as const;
export const dealCategory = z.enum(DEAL_CATEGORIES);
export type DealCategory = z.infer<typeof dealCategory>;

export const ROLES = { AGENT: 1, AGENCY_OWNER: 2, USER: 3 } as const;
/** Internal back-office role; never shown to clients as one of the spec's three roles. */
export const MODERATOR_ROLE = 99 as const;
export const role = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(MODERATOR_ROLE)]);
export type Role = z.infer<typeof role>;

export const id = z.string().min(1).max(64);
export const roubles = z.number().int().nonnegative();
export const phone = z.string().regex(/^7\d{10}$/);
