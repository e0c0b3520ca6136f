import type { EventOf } from '@estate/events';
import type { ResidentialComplexDetails } from '@estate/events/catalogue/newBuildings';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type ResidentialComplexEvent =
  EventOf<'ResidentialComplexRegistered'> | EventOf<'ResidentialComplexUpdated'>;

export type ResidentialComplex =
  { exists: false } | { exists: true; id: string; details: ResidentialComplexDetails };

export type ResidentialComplexCommand =
  | { type: 'RegisterResidentialComplex'; complexId: string; details: ResidentialComplexDetails }
  | { type: 'UpdateResidentialComplex'; complexId: string; details: ResidentialComplexDetails };

export const residentialComplexStream = (id: string) => `residential-complex-${id}`;

const same = (a: ResidentialComplexDetails, b: ResidentialComplexDetails) =>
  JSON.stringify(a) === JSON.stringify(b);

export function evolve(state: ResidentialComplex, event: ResidentialComplexEvent): ResidentialComplex {
  switch (event.type) {
    case 'ResidentialComplexRegistered':
    case 'ResidentialComplexUpdated':
      return { exists: true, id: event.data.complexId, details: event.data.details };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function decide(
  command: ResidentialComplexCommand,
  state: ResidentialComplex,
): ResidentialComplexEvent[] {
  switch (command.type) {
    case 'RegisterResidentialComplex':
      // a replayed registration (the seed run again) changes nothing; another complex under the same id is refused
      if (state.exists) {
        if (same(state.details, command.details)) return [];
        throw new DomainError('ACTION_NOT_ALLOWED', 'Жилой комплекс с таким идентификатором уже есть');
      }
      return [
        {
          type: 'ResidentialComplexRegistered',
          data: { complexId: command.complexId, details: command.details },
        },
      ];
    case 'UpdateResidentialComplex':
      if (!state.exists) throw new DomainError('NOT_FOUND', 'Жилой комплекс не найден');
      if (same(state.details, command.details)) return [];
      return [{ type: 'ResidentialComplexUpdated', data: { complexId: state.id, details: command.details } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const residentialComplexDecider: Decider<
  ResidentialComplexCommand,
  ResidentialComplex,
  ResidentialComplexEvent
> = {
  decide,
  evolve,
  initialState: () => ({ exists: false }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleResidentialComplex = commandHandler(residentialComplexDecider, residentialComplexStream);
