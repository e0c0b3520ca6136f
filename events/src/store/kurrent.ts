import {
  ANY,
  BACKWARDS,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, NewEvent, StoredEvent } from '../envelope';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type SubscriptionOptions,
} from './port';

type StoredMetadata = EventMetadata & { schemaVersion: number; occurredAt: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A $all position as the port's single number: KurrentDB's commit position (equal to prepare for single appends). */
const positionOf = (p: { commit: bigint } | undefined) => (p ? Number(p.commit) : 0);
const fromPosition = (after: number) =>
  after === 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };

function toStored(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null {
  const e = resolved.event;
  if (!e || !e.isJson) return null;
  const { schemaVersion, occurredAt, ...metadata } = (e.metadata ?? {}) as StoredMetadata;
  return {
    eventId: e.id,
    streamId: e.streamId,
    revision: Number(e.revision),
    position: positionOf(e.position),
    type: e.type,
    data: e.data,
    schemaVersion: schemaVersion ?? 1,
    occurredAt: occurredAt ?? e.created.toISOString(),
    metadata: {
      correlationId: metadata.correlationId ?? '',
      causationId: metadata.causationId ?? null,
      actor: metadata.actor ?? null,
      ...(metadata.sessionId ? { sessionId: metadata.sessionId } : {}),
      ...(metadata.traceparent ? { traceparent: metadata.traceparent } : {}),
      ...(metadata.tracestate ? { tracestate: metadata.tracestate } : {}),
    },
  };
}

/**
 * The production event store on KurrentDB (EventStoreDB's successor). Streams map one to one; the
 * expected revision is KurrentDB's stream state; $all, without system events, is the global log.
 */
export class KurrentEventStore implements EventStore {
  readonly name = 'kurrentdb';
  private readonly client: KurrentDBClient;

  constructor(connectionString: string) {
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const streamState = expected === 'any' ? ANY : expected === 'no-stream' ? NO_STREAM : BigInt(expected);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.eventId,
            type: e.type,
            data: e.data as never,
            metadata: { ...e.metadata, schemaVersion: e.schemaVersion, occurredAt: e.occurredAt },
          }),
        ),
        { streamState },
      );
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: positionOf(result.position),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = typeof error.actualState === 'bigint' ? Number(error.actualState) : 'no-stream';
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, fromRevision = 0, maxCount?: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt(fromRevision),
        direction: FORWARDS,
        ...(maxCount !== undefined ? { maxCount: BigInt(maxCount) } : {}),
      })) {
        const stored = toStored(resolved);
        if (stored) events.push(stored);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for await (const resolved of this.client.readAll({
      fromPosition: fromPosition(afterPosition),
      maxCount: limit + 1,
      direction: FORWARDS,
      filter: excludeSystemEvents(),
    })) {
      const stored = toStored(resolved);
      if (stored && stored.position > afterPosition) events.push(stored);
      if (events.length === limit) break;
    }
    return events;
  }

  async headPosition(): Promise<number> {
    for await (const resolved of this.client.readAll({
      fromPosition: 'end',
      maxCount: 1,
      direction: BACKWARDS,
      filter: excludeSystemEvents(),
    })) {
      return positionOf(resolved.event?.position);
    }
    return 0;
  }

  subscribe(
    afterPosition: number,
    handler: (event: StoredEvent) => Promise<void> | void,
    options: SubscriptionOptions = {},
  ) {
    let position = afterPosition;
    let stopped = false;
    let subscription: ReturnType<KurrentDBClient['subscribeToAll']> | null = null;
    const run = async () => {
      while (!stopped) {
        subscription = this.client.subscribeToAll({
          fromPosition: fromPosition(position),
          filter: excludeSystemEvents(),
        });
        try {
          for await (const resolved of subscription) {
            if (stopped) return;
            const event = toStored(resolved);
            if (!event || event.position <= position) continue;
            for (let failures = 0; ; failures++) {
              try {
                await handler(event);
                position = event.position;
                break;
              } catch (error) {
                options.onError?.(error, event);
                if (stopped) return;
                await sleep(Math.min(50 * 2 ** (failures + 1), 5000));
              }
            }
          }
        } catch (error) {
          if (stopped) return;
          options.onError?.(error, undefined); // dropped connection: resubscribe from the last handled position
          await sleep(500);
        }
      }
    };
    const done = run();
    return {
      get position() {
        return position;
      },
      async stop() {
        stopped = true;
        await subscription?.unsubscribe();
        await done;
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
