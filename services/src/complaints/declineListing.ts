import { MODERATOR_ROLE } from '@estate/events';
import type { AppContext } from '../core/context';
import { defineWorkflow, runWorkflow, workflowStream, type StepRun } from '../core/workflow';
import { publicationStream, handlePublication } from '../publications';
import { type ComplaintHandler, handleComplaint } from './complaint';

export type DeclineListingInput = {
  complaintId: string;
  publicationId: string;
  reason: string;
  moderator: ComplaintHandler;
  /** the listing's other open complaints when the moderator decided: upheld with it */
  others: string[];
};

const uphold = (run: StepRun<DeclineListingInput>, complaintId: string, onlyIfOpen: boolean) =>
  handleComplaint(
    run.store,
    complaintId,
    {
      type: 'UpholdComplaint',
      complaintId,
      reason: run.input.reason,
      resolutionId: run.workflowId,
      onlyIfOpen,
      by: run.input.moderator,
    },
    run.meta,
  );

/**
 * A moderator upholds a complaint and declines its listing with a reason (issue 17): the complaint
 * first (it may be refused: decided meanwhile), then the listing through the publications' own
 * DeclinePublication (refused for a listing deleted or hidden meanwhile: the complaint is opened
 * again), then the listing's other open complaints, upheld with it.
 *
 * Every step is idempotent: the complaint's commands carry the workflow's id as their resolution;
 * the listing's decline is recognised by the workflow's id as its correlation on the listing's
 * stream (a second DeclinePublication would be refused, the listing being declined already).
 */
export const declineListing = defineWorkflow<DeclineListingInput, { complaintId: string }>({
  name: 'decline-listing-on-complaint',
  steps: [
    {
      name: 'uphold-complaint',
      run: (run) => uphold(run, run.input.complaintId, false),
      async undo({ store, input, workflowId, meta }) {
        await handleComplaint(
          store,
          input.complaintId,
          {
            type: 'ReopenComplaint',
            complaintId: input.complaintId,
            resolutionId: workflowId,
            by: input.moderator,
          },
          meta,
        );
      },
    },
    {
      name: 'decline-listing',
      async run({ store, input, workflowId, meta }) {
        const stream = publicationStream(input.publicationId);
        const declined = (await store.readStream(stream)).some(
          (e) => e.type === 'PublicationDeclined' && e.metadata.correlationId === workflowId,
        );
        if (declined) return;
        await handlePublication(
          store,
          input.publicationId,
          {
            type: 'DeclinePublication',
            actor: { userId: input.moderator.userId, role: input.moderator.role, agencyId: null },
            reason: input.reason,
          },
          // the workflow's id as the correlation, a resumed run's too: how a run again finds it done
          { ...meta, correlationId: workflowId },
        );
      },
    },
    {
      name: 'uphold-others',
      async run(run) {
        for (const complaintId of run.input.others) await uphold(run, complaintId, true);
      },
    },
  ],
  output: ({ input }) => ({ complaintId: input.complaintId }),
});

/**
 * One decision per state of the complaint: the workflow's id names the complaint and the revision
 * the moderator decided on, so a double click finishes the same decision, and a decision refused
 * (and undone) leaves a new revision for the next try.
 */
export async function declineListingOnComplaint(
  ctx: AppContext,
  input: Omit<DeclineListingInput, 'moderator'> & { moderator: Omit<ComplaintHandler, 'role'> },
  revision: number,
) {
  const workflowId = `decline-complaint-${input.complaintId}-${revision}`;
  try {
    return await runWorkflow(
      ctx.eventStore,
      declineListing,
      workflowId,
      { ...input, moderator: { ...input.moderator, role: MODERATOR_ROLE } },
      { actor: input.moderator.userId },
    );
  } finally {
    // the answer is read from the read models: they have seen the workflow's last step (or undo)
    const recorded = await ctx.eventStore.readStream(workflowStream(workflowId));
    if (recorded.length) await ctx.projections.whenCaughtUp(recorded[recorded.length - 1].position);
  }
}
