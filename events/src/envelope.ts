import { createHash, randomUUID } from 'node:crypto';

/** Who caused an event and why: carried on every event so a chain of commands can be traced. */
export type EventMetadata = {
  correlationId: string;
  causationId: string | null;
  /** user id of the caller, or a system name such as 'seed' or 'worker:payments' */
  actor: string | null;
  /**
   * the public id of the session a person acted in (services/src/core/session.ts): recorded since
   * the agency audit trail (issue 19); absent on older events, on system steps and on seeds
   */
  sessionId?: string;
  /**
   * the W3C trace context of the append (services/src/core/tracing.ts), so the process that handles
   * the event continues the request's trace: recorded since issue 43 when tracing is on; absent on
   * older events and with tracing off
   */
  traceparent?: string;
  tracestate?: string;
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
  ...(partial.sessionId ? { sessionId: partial.sessionId } : {}),
  ...(partial.traceparent ? { traceparent: partial.traceparent } : {}),
  ...(partial.tracestate ? { tracestate: partial.tracestate } : {}),
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

/**
 * A session's public id, recorded as `metadata.sessionId`: derived from the hash of its token (the
 * `session-<tokenHash>` stream's name), never the token nor its hash, so showing it gives nothing to
 * sign in with; read models derive it again from `SessionStarted` to date each session.
 */
export const sessionIdOf = (tokenHash: string) =>
  createHash('sha256').update(`session-id:${tokenHash}`).digest('hex').slice(0, 12);
