import { z } from 'zod';

/**
 * The answers of the agencies calls (the realtor request, its moderation and confirmation, the
 * agency's profile and employees), as zod schemas: the routes declare them (the OpenAPI document
 * and the tests' answer checks come from here) and the front ends take their types from them
 * (services/src/contract.ts). Pure zod: the site's and the cabinet's type checks read this file.
 */

/** product.md's Realtor request; status 1 under review, 2 approved, 3 rejected, 4 none (then nothing else). */
export const realtorRequestDto = z.object({
  status: z.number().int().min(1).max(4),
  statusName: z.string().optional(),
  /** the moderator's reason of a rejection */
  reason: z.string().nullable().optional(),
  /** the agency the confirmation opened */
  agencyId: z.string().nullable().optional(),
  /** the contact person */
  name: z.string().nullable().optional(),
  agencyName: z.string().optional(),
  /** 1 Юр. лицо, 2 ИП, 3 Частный риелтор */
  legalEntity: z.number().int().min(1).max(3).optional(),
  inn: z.string().nullable().optional(),
  kpp: z.string().nullable().optional(),
  accountNumber: z.string().nullable().optional(),
  siteLink: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});
export type RealtorRequestDto = z.infer<typeof realtorRequestDto>;
export const realtorRequestAnswer = z.object({ data: realtorRequestDto });

/** The requests under review, oldest first, each with its user. */
export const moderationQueueAnswer = z.object({
  data: z.array(realtorRequestDto.extend({ userId: z.string() })),
});

/** The agency a confirmation opened; the user is its owner (role 2) from now on. */
export const confirmedAnswer = z.object({
  data: z.object({ agencyId: z.string(), role: z.number().int() }),
});

/** product.md's Agency, as its staff read it. */
export const agencyDto = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  /** a path under /storage/ */
  avatar: z.string().nullable(),
  legalEntity: z.number().int().min(1).max(3),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  accountNumber: z.string().nullable(),
  siteLink: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  canViewInCatalog: z.union([z.literal(0), z.literal(1)]),
  specializations: z.array(z.string()),
  /** roubles */
  walletBalance: z.number(),
  employeesCount: z.number().int(),
});
export type AgencyDto = z.infer<typeof agencyDto>;
export const agencyAnswer = z.object({ data: agencyDto });

export const agencyAvatarAnswer = z.object({ data: z.object({ avatarPath: z.string().nullable() }) });

/** An agent of the agency; `limit` is the spending limit on promotion in roubles, null for none. */
export const employeeDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  limit: z.number().nullable(),
  isActive: z.boolean(),
  avatarPath: z.string().nullable(),
});
export type EmployeeDto = z.infer<typeof employeeDto>;
export const employeesAnswer = z.object({ data: z.array(employeeDto) });
export const employeeAddedAnswer = z.object({ data: employeeDto.omit({ avatarPath: true }) });
export const employeeActiveAnswer = z.object({ data: z.object({ id: z.string(), isActive: z.boolean() }) });
export const employeeLimitAnswer = z.object({
  data: z.object({ id: z.string(), limit: z.number().nullable() }),
});

export const successAnswer = z.object({ data: z.object({ success: z.boolean() }) });
