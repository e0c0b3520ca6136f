import {
  CURRENT_SCHEMA_VERSION,
  newEvent,
  newMetadata,
  upcast,
  validateEventData,
  WrongExpectedRevisionError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type StoredEvent,
} from '@estate/events';
import { DomainError } from './errors';
import { streamType } from './metrics';
import { sessionOfActor } from './session';
import { StreamQueueFullError, StreamQueues } from './streamQueue';
import { currentLogScope, currentTraceContext, inSpan } from './tracing';

/** decide says what may happen next; evolve says what a fact means. Both are pure. */
export type Decider<Command, State, Event extends DomainEvent> = {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
};

export type CommandContext = Partial<EventMetadata>;

export type CommandResult<State, Event> = {
  state: State;
  events: Event[];
  /** global position of the last appended event: read models are up to date once they reach it */
  position: number;
  nextExpectedRevision: number;
};

/** Replays a stream into a state: the same fold the handler uses, exported for reads and tests. */
export function fold<State, Event extends DomainEvent>(
  decider: Decider<unknown, State, Event>,
  stored: StoredEvent[],
): State {
  return stored.reduce(
    (state, e) =>
      decider.evolve(state, { type: e.type, data: upcast(e.type, e.schemaVersion, e.data) } as Event),
    decider.initialState(),
  );
}

const evolveStored = <State, Event extends DomainEvent>(
  decider: Decider<unknown, State, Event>,
  state: State,
  e: StoredEvent,
) => decider.evolve(state, { type: e.type, data: upcast(e.type, e.schemaVersion, e.data) } as Event);

/** A stream's state as of its last event read: `revision` -1 and `position` 0 when it is empty. */
export type StreamState<State> = { state: State; revision: number; position: number };

/** how many streams' states each store keeps per decider */
const CACHED_STREAMS = 10_000;
/** per store, per decider, the states of the streams used last (a Map keeps them in use order) */
const cachedStates = new WeakMap<EventStore, WeakMap<object, Map<string, StreamState<unknown>>>>();

function statesOf(store: EventStore, decider: object): Map<string, StreamState<unknown>> {
  let byDecider = cachedStates.get(store);
  if (!byDecider) cachedStates.set(store, (byDecider = new WeakMap()));
  let states = byDecider.get(decider);
  if (!states) byDecider.set(decider, (states = new Map<string, StreamState<unknown>>()));
  return states;
}

function remember<State>(
  states: Map<string, StreamState<unknown>>,
  streamId: string,
  entry: StreamState<State>,
) {
  states.delete(streamId);
  states.set(streamId, entry);
  if (states.size > CACHED_STREAMS) states.delete(states.keys().next().value!);
}

/**
 * A stream's current state: the state kept from the last time, extended by the events appended
 * since (by any process), so a long stream — a chat of a thousand messages — is not read and folded
 * whole for each command and each reaction. Deciders are pure: a kept state is never changed.
 */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<unknown, State, Event>,
): Promise<StreamState<State>> {
  const states = statesOf(store, decider);
  const kept = states.get(streamId) as StreamState<State> | undefined;
  const stored = await store.readStream(streamId, kept ? kept.revision + 1 : 0);
  if (kept && stored.length === 0) return kept;
  let state = kept?.state ?? decider.initialState();
  for (const e of stored) state = evolveStored(decider, state, e);
  const last = stored.at(-1);
  const entry = {
    state,
    revision: last?.revision ?? kept?.revision ?? -1,
    position: last?.position ?? kept?.position ?? 0,
  };
  if (last) remember(states, streamId, entry);
  return entry;
}

/** per store, the commands of this process waiting on each stream */
const queuesByStore = new WeakMap<EventStore, StreamQueues>();

function queuesOf(store: EventStore): StreamQueues {
  let queues = queuesByStore.get(store);
  if (!queues) queuesByStore.set(store, (queues = new StreamQueues()));
  return queues;
}

/** How many commands this process holds on one stream of the store before answering 429 (the composition root sets it). */
export function setStreamQueueDepth(store: EventStore, depth: number): void {
  queuesOf(store).maxDepth = depth;
}

/**
 * How a command ended: appended (or decided nothing), lost to other writers every attempt, refused
 * by the domain, turned away because its stream's queue was full (429), or failed otherwise.
 */
export type CommandOutcome = 'ok' | 'conflict' | 'refused' | 'busy' | 'error';

/** What the metrics learn of each command on a store (core/metrics.ts); absent, nothing is counted. */
export type CommandObserver = {
  commandEnded(streamId: string, outcome: CommandOutcome, appended: number): void;
  /** an append lost to another writer (retried, or the last attempt) */
  revisionConflict(streamId: string): void;
};

const observersByStore = new WeakMap<EventStore, CommandObserver>();

/** Counts the commands run on this store (the composition root sets it with the process's metrics). */
export function observeCommands(store: EventStore, observer: CommandObserver): void {
  observersByStore.set(store, observer);
}

/**
 * Reads the stream, folds it, decides and appends at the revision it read. The commands of this
 * process on one stream take turns (core/streamQueue.ts), so they never race each other; a writer
 * in another process (roles api × N) still can, and makes the append fail its expected revision:
 * the whole cycle is then retried on the new state, a bounded number of times, then answered as a
 * conflict. The turn covers the read, the decision and the append only: what follows a fact
 * (reactors, the wait for the read models) runs after it.
 */
export function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext = {},
  maxAttempts = 5,
): Promise<CommandResult<State, Event>> {
  // a span from the wait for the stream's turn to the append (core/tracing.ts)
  const handled = inSpan(
    `command ${streamType(streamId)}`,
    { attributes: { 'command.type': commandName(command), 'stream.type': streamType(streamId) } },
    () =>
      queuesOf(store).run(streamId, () =>
        decideAndAppend(store, streamId, decider, command, context, maxAttempts),
      ),
  );
  const observer = observersByStore.get(store);
  if (!observer) return handled;
  return handled.then(
    (result) => {
      observer.commandEnded(streamId, 'ok', result.events.length);
      return result;
    },
    (error: unknown) => {
      const outcome: CommandOutcome =
        error instanceof StreamQueueFullError
          ? 'busy'
          : error instanceof DomainError
            ? error.kind === 'CONFLICT'
              ? 'conflict'
              : 'refused'
            : 'error';
      observer.commandEnded(streamId, outcome, 0);
      throw error;
    },
  );
}

async function decideAndAppend<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext,
  maxAttempts: number,
): Promise<CommandResult<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const current = await loadState(store, streamId, decider as Decider<unknown, State, Event>);
    const { state, revision } = current;
    const events = decider.decide(command, state);
    const expected = revision < 0 ? 'no-stream' : revision;
    if (events.length === 0) {
      return { state, events, position: current.position, nextExpectedRevision: revision };
    }
    const newState = events.reduce((state, event) => decider.evolve(state, event), state);
    // one command's events share their metadata and their time: a listing as of a moment is never
    // half of a command (history/asOf.ts); the request's session joins the metadata (core/session.ts)
    const sessionId = context.sessionId ?? sessionOfActor(context.actor);
    // the request's or the reaction's ids unless the caller gave its own, and the append's trace context
    const scope = currentLogScope();
    const occurredAt = new Date();
    try {
      const result = await inSpan(
        `append ${streamType(streamId)}`,
        { attributes: { 'stream.type': streamType(streamId), 'events.count': events.length } },
        () => {
          const metadata = newMetadata({
            ...context,
            correlationId: context.correlationId ?? scope?.correlationId,
            causationId: context.causationId ?? scope?.causationId,
            ...(sessionId ? { sessionId } : {}),
            ...currentTraceContext(),
          });
          const toAppend = events.map((e) =>
            newEvent(e.type, validateEventData(e.type, e.data), metadata, {
              schemaVersion: CURRENT_SCHEMA_VERSION[e.type],
              occurredAt,
            }),
          );
          return store.append(streamId, toAppend, expected);
        },
      );
      // the state after this append is known: the next command on the stream reads nothing to find it
      if (result.nextExpectedRevision === revision + events.length)
        remember(statesOf(store, decider), streamId, {
          state: newState,
          revision: result.nextExpectedRevision,
          position: result.position,
        });
      return {
        state: newState,
        events,
        position: result.position,
        nextExpectedRevision: result.nextExpectedRevision,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      observersByStore.get(store)?.revisionConflict(streamId);
      if (attempt >= maxAttempts) throw new DomainError('CONFLICT');
      // another process's writer won: the back-off spreads the processes' retries apart
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/** a command's `type` (its name in the span), or `command` for one without */
const commandName = (command: unknown) =>
  typeof (command as { type?: unknown } | null)?.type === 'string'
    ? (command as { type: string }).type
    : 'command';

/**
 * A decider's command handler, bound once with the name of its streams: the slice exports
 * `handlePublication = commandHandler(publicationDecider, publicationStream)` and runs
 * `handlePublication(store, id, command, meta)`. The same read, decision, append, expected
 * revision, metadata and retries as `handleCommand`, without naming the decider and the stream at
 * every use (a stream named by two values takes them as a tuple: `handlePhoto(store, [agencyId, photoId], …)`).
 */
export type CommandHandler<Id, Command, State, Event extends DomainEvent> = ((
  store: EventStore,
  id: Id,
  command: Command,
  context?: CommandContext,
  maxAttempts?: number,
) => Promise<CommandResult<State, Event>>) & {
  readonly decider: Decider<Command, State, Event>;
  readonly streamOf: (id: Id) => string;
};

export function commandHandler<Id, Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  streamOf: (id: Id) => string,
): CommandHandler<Id, Command, State, Event> {
  const handle = (
    store: EventStore,
    id: Id,
    command: Command,
    context: CommandContext = {},
    maxAttempts = 5,
  ) => handleCommand(store, streamOf(id), decider, command, context, maxAttempts);
  return Object.assign(handle, { decider, streamOf });
}
