import { z } from 'zod';
import { id, role } from './shared';

/** Legal entity kinds of the spec: 1 Юр. лицо, 2 ИП, 3 Частный риелтор. */
export const LEGAL_ENTITIES = { 1: 'Юр. лицо', 2: 'ИП', 3: 'Частный риелтор' } as const;
export const legalEntity = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** What a realtor request and an agency profile hold; every field but the name is optional. */
export const agencyDetails = z.object({
  name: z.string().min(1).max(200),
  legalEntity,
  inn: z
    .string()
    .regex(/^\d{10}(\d{2})?$/)
    .nullable(),
  kpp: z
    .string()
    .regex(/^\d{9}$/)
    .nullable(),
  accountNumber: z
    .string()
    .regex(/^\d{20}$/)
    .nullable(),
  siteLink: z.string().max(300).nullable(),
  email: z.string().max(200).nullable(),
  description: z.string().max(240).nullable(),
});
export type AgencyDetails = z.infer<typeof agencyDetails>;

/** The `realtor-request-<userId>` stream: a user's request to join the realtor base as an agency. */
export const realtorRequestEvents = {
  RealtorRequestSubmitted: z.object({
    userId: id,
    contactName: z.string().min(1).max(200),
    details: agencyDetails,
  }),
  RealtorRequestWithdrawn: z.object({ userId: id }),
  RealtorRequestApproved: z.object({ userId: id, moderatorId: id }),
  RealtorRequestRejected: z.object({ userId: id, moderatorId: id, reason: z.string().min(1).max(1000) }),
  RealtorRequestConfirmed: z.object({ userId: id, agencyId: id }),
};

/** Extra facts of the `agency-<id>` stream (AgencyRegistered is in identity). */
export const agencyProfileEvents = {
  AgencyProfileChanged: z.object({
    agencyId: id,
    details: agencyDetails,
    canViewInCatalog: z.boolean(),
    specializations: z.array(z.string().max(60)).max(30),
  }),
  AgencyAvatarChanged: z.object({ agencyId: id, avatar: z.string().max(300) }),
  EmployeeAdded: z.object({ agencyId: id, userId: id }),
  EmployeeRemoved: z.object({ agencyId: id, userId: id }),
  EmployeeActivityChanged: z.object({ agencyId: id, userId: id, isActive: z.boolean() }),
  /** a spending limit in roubles for paid promotion, null for none */
  EmployeeLimitChanged: z.object({
    agencyId: id,
    userId: id,
    limit: z.number().int().nonnegative().nullable(),
  }),
  /** a unique agency name or tax number, held by the first agency to claim it (`agency-name-…`, `agency-inn-…` streams) */
  AgencyKeyClaimed: z.object({ key: z.string().min(1).max(300), agencyId: id }),
  /** the claim given back: the confirmation that made it was refused at a later step (agencies/confirmAgency.ts) */
  AgencyKeyReleased: z.object({ key: z.string().min(1).max(300), agencyId: id }),
};

/** On the `user-<id>` stream: joining an agency (as its owner or an agent), or leaving it. */
export const membershipEvents = {
  UserRoleChanged: z.object({ userId: id, role, agencyId: id.nullable() }),
};
