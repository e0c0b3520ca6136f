import type { EventOf, Role } from '@estate/events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type UserEvent = EventOf<'UserRegistered'> | EventOf<'SessionStarted'> | EventOf<'SessionEnded'>;
export type User = { registered: false } | { registered: true; id: string; role: Role; agencyId: string | null; sessions: Set<string> };

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; name: string; phone: string; email: string | null; role: Role; agencyId: string | null }
  | { type: 'StartSession'; tokenHash: string; expiresAt: string }
  | { type: 'EndSession'; tokenHash: string };

export const userStream = (id: string) => `user-${id}`;

export function evolve(state: User, event: UserEvent): User {
  switch (event.type) {
    case 'UserRegistered':
      return { registered: true, id: event.data.userId, role: event.data.role, agencyId: event.data.agencyId, sessions: new Set() };
    case 'SessionStarted':
      return state.registered ? { ...state, sessions: new Set(state.sessions).add(event.data.tokenHash) } : state;
    case 'SessionEnded': {
      if (!state.registered) return state;
      const sessions = new Set(state.sessions);
      sessions.delete(event.data.tokenHash);
      return { ...state, sessions };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function decide(command: UserCommand, state: User): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.registered) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data }];
    }
    case 'StartSession':
      if (!state.registered) throw new DomainError('USER_NOT_FOUND');
      return [{ type: 'SessionStarted', data: { userId: state.id, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
    case 'EndSession':
      if (!state.registered || !state.sessions.has(command.tokenHash)) return []; // logging out twice is fine
      return [{ type: 'SessionEnded', data: { userId: state.id, tokenHash: command.tokenHash } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const userDecider: Decider<UserCommand, User, UserEvent> = { decide, evolve, initialState: () => ({ registered: false }) };
