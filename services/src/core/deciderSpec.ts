import type { DomainEvent } from '@estate/events';
import type { Decider } from './decider';
import { DomainError, type ErrorKind } from './errors';

/**
 * Given events / When command / Then events (or an error): a decider specification reads as the
 * rule it checks, with no store in between.
 */
export function deciderSpec<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
) {
  return (given: Event[]) => ({
    when: (command: Command) => {
      const run = () =>
        decider.decide(
          command,
          given.reduce((state, event) => decider.evolve(state, event), decider.initialState()),
        );
      return {
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        /** the error's kind, and its message where the words matter (a date, a name, a count) */
        thenThrows: (kind: ErrorKind, message?: string | RegExp) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).kind).toBe(kind);
          if (message !== undefined) expect((thrown as DomainError).message).toMatch(message);
        },
        /** the events decided, for checks beyond equality (their schema, say) */
        decided: run,
      };
    },
  });
}
