import { ROLES } from '@estate/events';
import {
  AGENCIES,
  REALTOR_REQUESTS,
  USERS,
  walletBalance,
  type AgencyDocument,
  type RealtorRequestDocument,
  type UserDocument,
} from '@estate/projections';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import type { AgencyDto, EmployeeDto, RealtorRequestDto } from './dto';
import { REALTOR_STATUS_CODE, REALTOR_STATUS_NAMES } from './realtorRequest';

/** The agencies' read models as the calls answer them (dto.ts). */

export const realtorRequestOf = (ctx: AppContext, userId: string) =>
  ctx.readStore.collection<RealtorRequestDocument>(REALTOR_REQUESTS).findOne({ _id: userId });

/** A user's request as the spec shows it: only the status (4) when there is none. */
export function realtorRequestView(doc: RealtorRequestDocument | null): RealtorRequestDto {
  const status = REALTOR_STATUS_CODE[doc?.status ?? 'none'];
  if (!doc || doc.status === 'none' || !doc.details) return { status };
  const d = doc.details;
  return {
    status,
    statusName: REALTOR_STATUS_NAMES[status],
    reason: doc.reason,
    agencyId: doc.agencyId,
    name: doc.contactName,
    agencyName: d.name,
    legalEntity: d.legalEntity,
    inn: d.inn,
    kpp: d.kpp,
    accountNumber: d.accountNumber,
    siteLink: d.siteLink,
    email: d.email,
  };
}

/** The requests under review, oldest first. */
export const requestsUnderReview = (ctx: AppContext) =>
  ctx.readStore
    .collection<RealtorRequestDocument>(REALTOR_REQUESTS)
    .find({ status: 'review' }, { sort: { updatedAt: 1 } });

export async function findAgency(ctx: AppContext, id: string): Promise<AgencyDocument> {
  const agency = await ctx.readStore.collection<AgencyDocument>(AGENCIES).findOne({ _id: id });
  if (!agency) throw new DomainError('NOT_FOUND', 'Агентство не найдено');
  return agency;
}

export const agencyView = async (ctx: AppContext, a: AgencyDocument): Promise<AgencyDto> => ({
  id: a._id,
  name: a.name,
  ownerId: a.ownerId,
  avatar: a.avatar,
  legalEntity: a.legalEntity ?? 1,
  inn: a.inn ?? null,
  kpp: a.kpp ?? null,
  accountNumber: a.accountNumber ?? null,
  siteLink: a.siteLink ?? null,
  email: a.email ?? null,
  description: a.description ?? null,
  canViewInCatalog: a.canViewInCatalog === false ? 0 : 1,
  specializations: a.specializations ?? [],
  walletBalance: await walletBalance(ctx.readStore, a._id),
  employeesCount: await ctx.readStore
    .collection<UserDocument>(USERS)
    .countDocuments({ agencyId: a._id, role: ROLES.AGENT }),
});

const users = (ctx: AppContext) => ctx.readStore.collection<UserDocument>(USERS);
export const userOf = (ctx: AppContext, userId: string) => users(ctx).findOne({ _id: userId });
export const userByPhone = (ctx: AppContext, phone: string) => users(ctx).findOne({ phone });

/** The agency's agents, by name. */
export async function employeesOf(ctx: AppContext, agencyId: string): Promise<EmployeeDto[]> {
  const staff = await users(ctx).find({ agencyId, role: ROLES.AGENT }, { sort: { name: 1 } });
  return staff.map((u) => ({
    id: u._id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    limit: u.employee?.limit ?? null,
    isActive: u.employee?.isActive ?? true,
    avatarPath: u.avatar,
  }));
}
