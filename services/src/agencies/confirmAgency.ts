import { createHash } from 'node:crypto';
import { ROLES, type AgencyDetails, type Role, type StoredEvent } from '@estate/events';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import { DomainError } from '../core/errors';
import { defineWorkflow, runWorkflow, workflowStream, type WorkflowStep } from '../core/workflow';
import { handleUser } from '../identity';
import { handleAgency } from './agency';
import { type AgencyKeyKind, handleAgencyKey } from './agencyKey';
import { realtorRequestDecider, realtorRequestStream, handleRealtorRequest } from './realtorRequest';

export type ConfirmAgencyInput = { userId: string; agencyId: string; details: AgencyDetails };

const keyOf = (kind: AgencyKeyKind, details: AgencyDetails) => (kind === 'name' ? details.name : details.inn);

/** The agency's name or INN claimed on its own stream; undone by giving the claim back. */
const claim = (kind: AgencyKeyKind): WorkflowStep<ConfirmAgencyInput> => ({
  name: `claim-${kind}`,
  async run({ store, input, meta }) {
    const key = keyOf(kind, input.details);
    if (!key) return; // a private realtor has no INN
    const command = { type: 'ClaimAgencyKey' as const, kind, key, agencyId: input.agencyId };
    await handleAgencyKey(store, [kind, key], command, meta);
  },
  async undo({ store, input, meta }) {
    const key = keyOf(kind, input.details);
    if (!key) return;
    const command = { type: 'ReleaseAgencyKey' as const, kind, key, agencyId: input.agencyId };
    await handleAgencyKey(store, [kind, key], command, meta);
  },
});

/**
 * After the moderator's approval, `confirm` opens the agency: its name and INN are claimed (so two
 * agencies can never share them), the request is marked confirmed, the agency is registered with
 * the request's details, and the user becomes its owner.
 *
 * The steps that can be refused come first: a taken name or INN, a request no longer approved
 * (withdrawn meanwhile). A refusal gives back the claims already made, so a name is never held by
 * an agency that does not exist. The steps after the request's confirmation cannot be refused
 * (the agency's id is new, its owner acts on it, the account exists), so they need no undo.
 */
export const confirmAgency = defineWorkflow<ConfirmAgencyInput, { agencyId: string; role: Role }>({
  name: 'confirm-agency',
  steps: [
    claim('name'),
    claim('inn'),
    {
      name: 'confirm-request',
      async run({ store, input: { userId, agencyId }, meta }) {
        await handleRealtorRequest(store, userId, { type: 'ConfirmRealtorRequest', userId, agencyId }, meta);
      },
    },
    {
      name: 'register-agency',
      async run({ store, input: { userId, agencyId, details }, meta }) {
        await handleAgency(
          store,
          agencyId,
          { type: 'RegisterAgency', agencyId, name: details.name, ownerId: userId },
          meta,
        );
      },
    },
    {
      name: 'fill-profile',
      async run({ store, input: { userId, agencyId, details }, meta }) {
        const owner = { userId, role: ROLES.AGENCY_OWNER, agencyId };
        await handleAgency(
          store,
          agencyId,
          { type: 'ChangeProfile', actor: owner, details, canViewInCatalog: true, specializations: [] },
          meta,
        );
      },
    },
    {
      name: 'owner-role',
      async run({ store, input: { userId, agencyId }, meta }) {
        await handleUser(store, userId, { type: 'ChangeRole', role: ROLES.AGENCY_OWNER, agencyId }, meta);
      },
    },
  ],
  output: ({ input }) => ({ agencyId: input.agencyId, role: ROLES.AGENCY_OWNER }),
});

/** The approval the request stands on: the last one not followed by a new sending, a withdrawal or a rejection. */
function approvalInForce(events: StoredEvent[]): StoredEvent | null {
  let approval: StoredEvent | null = null;
  for (const event of events) {
    if (event.type === 'RealtorRequestApproved') approval = event;
    else if (event.type !== 'RealtorRequestConfirmed') approval = null;
  }
  return approval;
}

/** A UUID-shaped id derived from the workflow's id: a retry of the same confirmation opens the same agency. */
const derivedId = (workflowId: string) => {
  const hex = createHash('sha256').update(workflowId).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/**
 * One confirmation per approval: its workflow id is the request's approval, so a retry (a double
 * click, a timeout, a crash half-way) finishes the same confirmation and answers the same agency.
 * The agency's id is derived from it; the demo seed names its agencies (`demo-agency-N`).
 */
export async function confirmRealtorRequest(ctx: AppContext, userId: string, agencyId?: string) {
  const events = await ctx.eventStore.readStream(realtorRequestStream(userId));
  const approval = approvalInForce(events);
  const { details } = fold(realtorRequestDecider, events);
  // nothing approved to confirm: no confirmation to name (the request's decider says the same)
  if (!approval || !details) throw new DomainError('ACTION_NOT_ALLOWED', 'Заявка ещё не одобрена');
  const workflowId = `confirm-agency-${userId}-${approval.revision}`;
  const input: ConfirmAgencyInput = { userId, agencyId: agencyId ?? derivedId(workflowId), details };
  try {
    return await runWorkflow(ctx.eventStore, confirmAgency, workflowId, input, { actor: userId });
  } finally {
    // the answer is read from the read models: they have seen the workflow's last step (or undo)
    const recorded = await ctx.eventStore.readStream(workflowStream(workflowId));
    if (recorded.length) await ctx.projections.whenCaughtUp(recorded[recorded.length - 1].position);
  }
}
