import { randomUUID } from 'node:crypto';
import type { AppContext } from '../core/context';
import { fold, type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { type Actor, mayManagePublication } from '../core/access';
import { defineWorkflow, runWorkflow, type StepRun } from '../core/workflow';
import { bookingDecider, bookingStream, handleBooking } from './booking';
import { handleCalendar } from './calendar';
import { CALENDAR_ATTEMPTS, releaseNights } from './commands';
import { derivedId } from '../core/ids';
import { workflowIdFor } from './ids';

export type AcceptBookingInput = {
  publicationId: string;
  requestId: string;
  startDate: string;
  endDate: string;
  actor: Actor;
};

export const ACCEPT_BOOKING = 'accept-booking';
const RESERVE = 'reserve-nights';
const ACCEPT = 'accept-request';

/** The calendar entry a run reserves: its id follows from the run's id, so a step run again reserves nothing new. */
export const entryIdOf = (workflowId: string) => derivedId('calendar-entry', workflowId);

type Step = StepRun<AcceptBookingInput>;
const reserved = (results: Step['results']) => results[RESERVE] as { entryId: string };

/**
 * A host accepts a guest's request: the nights are reserved on the listing's calendar first (the
 * consistency boundary: two requests never hold one night), then the request records the answer
 * with the entry that holds its nights. When the request refuses (it was rejected or cancelled
 * meanwhile, or the caller may not answer it) the nights are given back, and the caller hears the
 * request's refusal; when the calendar refuses (the nights are taken) nothing was written.
 *
 * Every rule stays in the deciders: the calendar answers a request that already holds its nights
 * with no event, and the request answers an accepted request's acceptance with none, so a step
 * run again (a resume after a crash) changes nothing. The chat message and the guest's SMS and
 * e-mail follow `BookingAccepted` (reactors.ts).
 */
export const acceptBookingWorkflow = defineWorkflow<AcceptBookingInput, { entryId: string }>({
  name: ACCEPT_BOOKING,
  steps: [
    {
      name: RESERVE,
      async run({ store, input, workflowId, meta }: Step) {
        const { publicationId, requestId, startDate, endDate } = input;
        const result = await handleCalendar(
          store,
          publicationId,
          { type: 'Reserve', publicationId, entryId: entryIdOf(workflowId), requestId, startDate, endDate },
          meta,
          CALENDAR_ATTEMPTS,
        );
        // the entry holding the request's nights: this run's, or the one an earlier acceptance made
        const entry = [...result.state.entries.values()].find((e) => e.requestId === requestId);
        return { entryId: entry?.entryId ?? entryIdOf(workflowId) };
      },
      async undo({ store, input, meta }: Step) {
        await releaseNights(store, input.publicationId, input.requestId, meta);
      },
    },
    {
      name: ACCEPT,
      async run({ store, input, results, meta }: Step) {
        await handleBooking(
          store,
          input.requestId,
          { type: 'AcceptBooking', actor: input.actor, entryId: reserved(results).entryId },
          meta,
        );
      },
    },
  ],
  output: ({ results }) => ({ entryId: reserved(results).entryId }),
});

/**
 * The host's call: the request named in the path, for the listing named in the path, by staff who
 * may manage that listing (the access rule, asked before anything is written: a stranger never
 * holds a night even for a moment); then the workflow. The same `Idempotency-Key` from the same
 * caller resumes the same run.
 */
export async function acceptBooking(
  ctx: AppContext,
  actor: Actor,
  publicationId: string,
  requestId: string,
  { idempotencyKey = null, meta = {} }: { idempotencyKey?: string | null; meta?: CommandContext } = {},
) {
  const booking = fold(bookingDecider, await ctx.eventStore.readStream(bookingStream(requestId)));
  if (!booking.exists || booking.request.publicationId !== publicationId)
    throw new DomainError('NOT_FOUND', 'Заявка не найдена');
  if (!mayManagePublication(actor, booking.request)) throw new DomainError('FORBIDDEN');
  const { startDate, endDate } = booking.request;
  const workflowId = workflowIdFor(ACCEPT_BOOKING, requestId, actor.userId, idempotencyKey, randomUUID);
  const outcome = await runWorkflow(
    ctx.eventStore,
    acceptBookingWorkflow,
    workflowId,
    { publicationId, requestId, startDate, endDate, actor },
    { actor: actor.userId, ...meta },
  );
  await ctx.projections.whenCaughtUp();
  return outcome;
}
