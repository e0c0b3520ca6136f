import type { EventOf } from '@estate/events';
import type { Decider } from '../core/decider';

export type AgencyEvent = EventOf<'AgencyRegistered'>;
export type Agency = { registered: boolean };
export type AgencyCommand = { type: 'RegisterAgency'; agencyId: string; name: string; ownerId: string };

export const agencyStream = (id: string) => `agency-${id}`;

export const agencyDecider: Decider<AgencyCommand, Agency, AgencyEvent> = {
  initialState: () => ({ registered: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AgencyRegistered':
        return { registered: true };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RegisterAgency':
        if (state.registered) return [];
        return [{ type: 'AgencyRegistered', data: { agencyId: command.agencyId, name: command.name, ownerId: command.ownerId } }];
      default: {
        const unknown: never = command.type;
        return unknown;
      }
    }
  },
};
