import { randomUUID } from 'node:crypto';

/** Who caused an event and why: carried on every event so a chain of commands can be traced. */
export type EventMetadata = {
  correlationId: string;
  causationId: string | null;
  /** user id of the caller, or a system name such as 'seed' or 'worker:payments' */
  actor: string | null;
};

/** An event as a command handler produces it, before the store gives it a place in the log. */
export type NewEvent<Type extends string = string, Data = unknown> = {
  eventId: string;
  type: Type;
  data: Data;
  schemaVersion: number;
  occurredAt: string;
  metadata: EventMetadata;
};

/** An event as stored: its stream, its revision inside the stream (from 0) and its global position (from 1). */
export type StoredEvent<Type extends string = string, Data = unknown> = NewEvent<Type, Data> & {
  streamId: string;
  revision: number;
  position: number;
};

export const newMetadata = (partial: Partial<EventMetadata> = {}): EventMetadata => ({
  correlationId: partial.correlationId ?? randomUUID(),
  causationId: partial.causationId ?? null,
  actor: partial.actor ?? null,
});

export function newEvent<Type extends string, Data>(
  type: Type,
  data: Data,
  metadata: Partial<EventMetadata> = {},
  options: { eventId?: string; schemaVersion?: number; occurredAt?: Date } = {},
): NewEvent<Type, Data> {
  return {
    eventId: options.eventId ?? randomUUID(),
    type,
    data,
    schemaVersion: options.schemaVersion ?? 1,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    metadata: newMetadata(metadata),
  };
}
