import {
  CURRENT_SCHEMA_VERSION,
  newEvent,
  upcast,
  validateEventData,
  WrongExpectedRevisionError,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type StoredEvent,
} from '@estate/events';
import { DomainError } from './errors';

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

/**
 * Reads the stream, folds it, decides and appends at the revision it read. A concurrent writer
 * makes the append fail its expected revision: the whole cycle is retried on the new state, a
 * bounded number of times, then answered as a conflict.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: CommandContext = {},
  maxAttempts = 5,
): Promise<CommandResult<State, Event>> {
  for (let attempt = 1; ; attempt++) {
    const stored = await store.readStream(streamId);
    const state = fold(decider as Decider<unknown, State, Event>, stored);
    const events = decider.decide(command, state);
    const expected = stored.length === 0 ? 'no-stream' : stored[stored.length - 1].revision;
    const newState = events.reduce(decider.evolve, state);
    if (events.length === 0) {
      return {
        state,
        events,
        position: stored.at(-1)?.position ?? 0,
        nextExpectedRevision: stored.length - 1,
      };
    }
    const toAppend = events.map((e) =>
      newEvent(e.type, validateEventData(e.type, e.data), context, {
        schemaVersion: CURRENT_SCHEMA_VERSION[e.type],
      }),
    );
    try {
      const result = await store.append(streamId, toAppend, expected);
      return {
        state: newState,
        events,
        position: result.position,
        nextExpectedRevision: result.nextExpectedRevision,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) throw new DomainError('CONFLICT');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
