import { randomUUID } from 'node:crypto';
import type { AppContext } from '../core/context';
import { fold } from '../core/decider';
import type { Actor } from '../core/access';
import { defineWorkflow, runWorkflow, type StepRun } from '../core/workflow';
import { hashToken } from '../identity';
import { bookingDecider, bookingStream, cancellingGuestOf, handleBooking, type GuestOf } from './booking';
import { releaseNights } from './commands';
import { derivedId } from '../core/ids';
import { workflowIdFor } from './ids';

/** Who cancels: a signed-in guest or the host's staff (`actor`), or a guest without an account through their link (the hash of its key). */
export type CancelBookingInput = {
  requestId: string;
  reason: string;
  by: { actor: Actor } | { keyHash: string };
  /**
   * the request's guest when it is they who cancel: the reason is theirs, encrypted with their key
   * in this record as in the cancellation (events' catalogue/personal.ts); absent in older runs
   */
  guest?: GuestOf | null;
};

export const CANCEL_BOOKING = 'cancel-booking';

type Step = StepRun<CancelBookingInput>;
/** The cancellation a run records: its id follows from the run's id, so the step run again records nothing. */
export const cancellationIdOf = (workflowId: string) => derivedId('cancellation', workflowId);

/**
 * A request is cancelled, then its nights are given back to the calendar. The request's decider
 * says who may cancel and when; a refusal there writes nothing. Giving the nights back is never
 * refused (a request that holds none releases nothing), so nothing is ever undone; a crash between
 * the two leaves a cancelled request still holding its nights — never a night held by two — until
 * the run is resumed (the caller's retry with the same key, or the background's recovery). The
 * chat message follows `BookingCancelled` (reactors.ts).
 */
export const cancelBookingWorkflow = defineWorkflow<CancelBookingInput, { requestId: string }>({
  name: CANCEL_BOOKING,
  steps: [
    {
      name: 'cancel-request',
      async run({ store, input, workflowId, meta }: Step) {
        const { requestId, reason, by } = input;
        const cancellationId = cancellationIdOf(workflowId);
        await handleBooking(
          store,
          requestId,
          'actor' in by
            ? { type: 'CancelBooking', actor: by.actor, reason, cancellationId }
            : { type: 'CancelBookingByLink', keyHash: by.keyHash, reason, cancellationId },
          meta,
        );
      },
    },
    {
      name: 'release-nights',
      async run({ store, input, meta }: Step) {
        const booking = fold(bookingDecider, await store.readStream(bookingStream(input.requestId)));
        if (!booking.exists) return;
        await releaseNights(store, booking.request.publicationId, booking.request.requestId, meta);
      },
    },
  ],
  output: ({ input }) => ({ requestId: input.requestId }),
});

async function cancel(
  ctx: AppContext,
  input: CancelBookingInput,
  callerId: string,
  idempotencyKey: string | null,
  actor: string,
) {
  const workflowId = workflowIdFor(CANCEL_BOOKING, input.requestId, callerId, idempotencyKey, randomUUID);
  // the log, not a read model: who the guest is decides whose key the reason is recorded under
  const booking = fold(bookingDecider, await ctx.eventStore.readStream(bookingStream(input.requestId)));
  const guest = booking.exists ? cancellingGuestOf(booking, input.by) : null;
  const outcome = await runWorkflow(
    ctx.eventStore,
    cancelBookingWorkflow,
    workflowId,
    { ...input, guest },
    { actor },
  );
  await ctx.projections.whenCaughtUp();
  return outcome;
}

/** A cancellation by the guest or the host frees the nights. */
export const cancelBooking = (
  ctx: AppContext,
  actor: Actor,
  requestId: string,
  reason: string,
  idempotencyKey: string | null = null,
) => cancel(ctx, { requestId, reason, by: { actor } }, actor.userId, idempotencyKey, actor.userId);

/** A guest without an account cancels through their link: the key is checked by the decider against the hash the request recorded. */
export function cancelBookingByLink(
  ctx: AppContext,
  requestId: string,
  key: string,
  reason: string,
  idempotencyKey: string | null = null,
) {
  const keyHash = hashToken(key);
  return cancel(ctx, { requestId, reason, by: { keyHash } }, keyHash, idempotencyKey, 'guest');
}
