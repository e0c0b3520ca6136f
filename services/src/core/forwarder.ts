import type { AppContext } from './context';

export const DOMAIN_EVENTS_TOPIC = 'domain-events';

/**
 * Fields that stay in the event store: a code's salt next to its hash would let any reader of the
 * topic try the 10,000 codes while the code is valid.
 */
const PRIVATE_FIELDS = new Set(['codeSalt']);
export const publicData = (data: unknown) =>
  data && typeof data === 'object'
    ? Object.fromEntries(Object.entries(data).filter(([k]) => !PRIVATE_FIELDS.has(k)))
    : data;
type Checkpoint = { _id: string; position: number };

/**
 * Publishes every domain event to the bus topic `domain-events`, keyed by stream id (as stored), from a stored
 * checkpoint. At least once: after a crash between publishing and checkpointing an event goes out
 * again, and consumers dedupe by its eventId.
 */
export async function startDomainEventForwarder(ctx: AppContext) {
  const checkpoints = ctx.readStore.collection<Checkpoint>('forwarder_checkpoints');
  const from = (await checkpoints.findOne({ _id: DOMAIN_EVENTS_TOPIC }))?.position ?? 0;
  // the events as stored: the topic carries personal fields encrypted and phone stream ids hashed,
  // so an erasure reaches its copies too (a consumer decrypts with the key store, as the log's readers do)
  return ctx.personalData.stored.subscribe(
    from,
    async (event) => {
      await ctx.bus.publish(DOMAIN_EVENTS_TOPIC, [
        { key: event.streamId, value: { ...event, data: publicData(event.data) } },
      ]);
      await checkpoints.replaceOne(
        { _id: DOMAIN_EVENTS_TOPIC },
        { _id: DOMAIN_EVENTS_TOPIC, position: event.position },
        { upsert: true },
      );
    },
    {
      onError: (error, event) =>
        ctx.logger.error({ err: error, position: event?.position }, 'forwarding to the bus failed; retrying'),
    },
  );
}
