import { MODERATOR_ROLE, type AgencyDetails, type EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { type Actor } from '../core/access';

export type AgencyEvent =
  | EventOf<'AgencyRegistered'>
  | EventOf<'AgencyProfileChanged'>
  | EventOf<'AgencyAvatarChanged'>
  | EventOf<'EmployeeAdded'>
  | EventOf<'EmployeeRemoved'>
  | EventOf<'EmployeeActivityChanged'>
  | EventOf<'EmployeeLimitChanged'>;

type Employee = { isActive: boolean; limit: number | null };
type Profile = { details: AgencyDetails; canViewInCatalog: boolean; specializations: string[] };
export type Agency =
  | { registered: false }
  | {
      registered: true;
      id: string;
      ownerId: string;
      /** the profile last recorded: the same one again records nothing */
      profile: Profile | null;
      employees: Map<string, Employee>;
    };

export type AgencyCommand =
  | { type: 'RegisterAgency'; agencyId: string; name: string; ownerId: string }
  | {
      type: 'ChangeProfile';
      actor: Actor;
      details: AgencyDetails;
      canViewInCatalog: boolean;
      specializations: string[];
    }
  | { type: 'ChangeAvatar'; actor: Actor; avatar: string }
  | { type: 'AddEmployee'; actor: Actor; userId: string }
  | { type: 'RemoveEmployee'; actor: Actor; userId: string }
  | { type: 'SetEmployeeActive'; actor: Actor; userId: string; isActive: boolean }
  | { type: 'SetEmployeeLimit'; actor: Actor; userId: string; limit: number | null };

export const agencyStream = (id: string) => `agency-${id}`;

export function evolve(state: Agency, event: AgencyEvent): Agency {
  if (event.type === 'AgencyRegistered')
    return {
      registered: true,
      id: event.data.agencyId,
      ownerId: event.data.ownerId,
      profile: null,
      employees: new Map(),
    };
  if (!state.registered) return state;
  const employees = new Map(state.employees);
  switch (event.type) {
    case 'AgencyProfileChanged': {
      const { details, canViewInCatalog, specializations } = event.data;
      return { ...state, profile: { details, canViewInCatalog, specializations } };
    }
    case 'AgencyAvatarChanged':
      return state;
    case 'EmployeeAdded':
      employees.set(event.data.userId, { isActive: true, limit: null });
      return { ...state, employees };
    case 'EmployeeRemoved':
      employees.delete(event.data.userId);
      return { ...state, employees };
    case 'EmployeeActivityChanged':
    case 'EmployeeLimitChanged': {
      const current = employees.get(event.data.userId);
      if (!current) return state;
      employees.set(
        event.data.userId,
        event.type === 'EmployeeActivityChanged'
          ? { ...current, isActive: event.data.isActive }
          : { ...current, limit: event.data.limit },
      );
      return { ...state, employees };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Only the owner (or a moderator) manages the agency's profile and staff. */
function owned(state: Agency, actor: Actor) {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'Агентство не найдено');
  if (actor.role !== MODERATOR_ROLE && actor.userId !== state.ownerId)
    throw new DomainError('FORBIDDEN', 'Это может только владелец агентства');
  return state;
}
const sameProfile = (a: Profile | null, b: Profile) =>
  a !== null &&
  a.canViewInCatalog === b.canViewInCatalog &&
  a.specializations.join('\n') === b.specializations.join('\n') &&
  Object.keys({ ...a.details, ...b.details }).every(
    (field) => a.details[field as keyof AgencyDetails] === b.details[field as keyof AgencyDetails],
  );

function employee(state: Extract<Agency, { registered: true }>, userId: string) {
  const found = state.employees.get(userId);
  if (!found) throw new DomainError('NOT_FOUND', 'Сотрудник не найден');
  return found;
}

export function decide(command: AgencyCommand, state: Agency): AgencyEvent[] {
  switch (command.type) {
    case 'RegisterAgency':
      if (state.registered) return [];
      return [
        {
          type: 'AgencyRegistered',
          data: { agencyId: command.agencyId, name: command.name, ownerId: command.ownerId },
        },
      ];
    case 'ChangeProfile': {
      const agency = owned(state, command.actor);
      const { details, canViewInCatalog, specializations } = command;
      if (sameProfile(agency.profile, { details, canViewInCatalog, specializations })) return [];
      return [
        {
          type: 'AgencyProfileChanged',
          data: { agencyId: agency.id, details, canViewInCatalog, specializations },
        },
      ];
    }
    case 'ChangeAvatar':
      return [
        {
          type: 'AgencyAvatarChanged',
          data: { agencyId: owned(state, command.actor).id, avatar: command.avatar },
        },
      ];
    case 'AddEmployee': {
      const agency = owned(state, command.actor);
      if (agency.employees.has(command.userId)) return [];
      if (command.userId === agency.ownerId)
        throw new DomainError('ACTION_NOT_ALLOWED', 'Владелец уже состоит в агентстве');
      return [{ type: 'EmployeeAdded', data: { agencyId: agency.id, userId: command.userId } }];
    }
    case 'RemoveEmployee': {
      const agency = owned(state, command.actor);
      if (!agency.employees.has(command.userId)) return [];
      return [{ type: 'EmployeeRemoved', data: { agencyId: agency.id, userId: command.userId } }];
    }
    case 'SetEmployeeActive': {
      const agency = owned(state, command.actor);
      if (employee(agency, command.userId).isActive === command.isActive) return [];
      return [
        {
          type: 'EmployeeActivityChanged',
          data: { agencyId: agency.id, userId: command.userId, isActive: command.isActive },
        },
      ];
    }
    case 'SetEmployeeLimit': {
      const agency = owned(state, command.actor);
      if (employee(agency, command.userId).limit === command.limit) return [];
      return [
        {
          type: 'EmployeeLimitChanged',
          data: { agencyId: agency.id, userId: command.userId, limit: command.limit },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const agencyDecider: Decider<AgencyCommand, Agency, AgencyEvent> = {
  decide,
  evolve,
  initialState: () => ({ registered: false }),
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleAgency = commandHandler(agencyDecider, agencyStream);
