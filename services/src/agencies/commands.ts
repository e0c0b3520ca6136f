import type { AgencyDetails } from '@estate/events';
import {
  AGENCIES,
  escapeRegex,
  REALTOR_REQUESTS,
  type AgencyDocument,
  type RealtorRequestDocument,
} from '@estate/projections';
import type { Actor } from '../core/access';
import type { AppContext } from '../core/context';
import { type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { type AgencyCommand, handleAgency } from './agency';
import { INN_TAKEN, NAME_TAKEN } from './agencyKey';
import { type RealtorRequestCommand, handleRealtorRequest } from './realtorRequest';

/**
 * The agencies' commands on one stream each, as the routes and the seed run them: each waits for
 * the read models, so the answer read after it shows the change. Confirming a request writes
 * several streams: it is the workflow of confirmAgency.ts.
 */

/** A name or INN another agency (or another pending request) already has is refused at once, with the field it concerns. */
export async function assertAgencyKeysFree(
  ctx: AppContext,
  details: AgencyDetails,
  exceptUserId?: string,
  exceptAgencyId?: string,
) {
  const agencies = ctx.readStore.collection<AgencyDocument>(AGENCIES);
  const requests = ctx.readStore.collection<RealtorRequestDocument>(REALTOR_REQUESTS);
  const sameName = { $regex: `^${escapeRegex(details.name.trim())}$`, $options: 'i' };
  const nameAgency = await agencies.findOne({ name: sameName });
  const nameRequest = await requests.findOne({
    'details.name': sameName,
    status: { $in: ['review', 'approved'] },
    _id: { $ne: exceptUserId ?? '' },
  });
  if ((nameAgency && nameAgency._id !== exceptAgencyId) || nameRequest)
    throw new DomainError('INVALID_DATA', NAME_TAKEN, { agencyName: [NAME_TAKEN] });
  if (details.inn) {
    const innAgency = await agencies.findOne({ inn: details.inn });
    const innRequest = await requests.findOne({
      'details.inn': details.inn,
      status: { $in: ['review', 'approved'] },
      _id: { $ne: exceptUserId ?? '' },
    });
    if ((innAgency && innAgency._id !== exceptAgencyId) || innRequest)
      throw new DomainError('INVALID_DATA', INN_TAKEN, { inn: [INN_TAKEN] });
  }
}

const runRequest = async (
  ctx: AppContext,
  userId: string,
  command: RealtorRequestCommand,
  actor: string,
  meta: CommandContext = {},
) => {
  const result = await handleRealtorRequest(ctx.eventStore, userId, command, { ...meta, actor });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
};

/** A user's realtor request (sent or replaced): a taken agency name or INN is refused at once. */
export async function submitRealtorRequest(
  ctx: AppContext,
  userId: string,
  contactName: string,
  details: AgencyDetails,
) {
  await assertAgencyKeysFree(ctx, details, userId);
  return runRequest(ctx, userId, { type: 'SubmitRealtorRequest', userId, contactName, details }, userId);
}

/** A moderator's approval of the request under review (the seed's carries its correlation: no one is told). */
export const approveRealtorRequest = (
  ctx: AppContext,
  moderator: Actor,
  userId: string,
  meta: CommandContext = {},
) =>
  runRequest(
    ctx,
    userId,
    { type: 'ApproveRealtorRequest', actor: moderator, userId },
    moderator.userId,
    meta,
  );

/** A moderator's refusal of the request under review, with the reason the user is told. */
export const rejectRealtorRequest = (ctx: AppContext, moderator: Actor, userId: string, reason: string) =>
  runRequest(
    ctx,
    userId,
    { type: 'RejectRealtorRequest', actor: moderator, userId, reason },
    moderator.userId,
  );

/** A user's withdrawal of their request (back to none). */
export const withdrawRealtorRequest = (ctx: AppContext, userId: string) =>
  runRequest(ctx, userId, { type: 'WithdrawRealtorRequest', userId }, userId);

/** A command to an agency's own stream, by one of its staff (or a moderator). */
export async function runAgencyCommand(
  ctx: AppContext,
  agencyId: string,
  command: AgencyCommand,
  actorId: string,
) {
  const result = await handleAgency(ctx.eventStore, agencyId, command, {
    actor: actorId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  return result;
}
