import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

/**
 * A unique agency name or tax number (INN): the first agency to claim it holds it, on a stream of
 * its own (`agency-name-…`, `agency-inn-…`), so two confirmations can never share one. A claim is
 * given back only by the confirmation that made it, when a later step of it is refused.
 */
export type AgencyKeyKind = 'name' | 'inn';
export type AgencyKeyEvent = EventOf<'AgencyKeyClaimed'> | EventOf<'AgencyKeyReleased'>;
export type AgencyKeyCommand =
  | { type: 'ClaimAgencyKey'; kind: AgencyKeyKind; key: string; agencyId: string }
  | { type: 'ReleaseAgencyKey'; kind: AgencyKeyKind; key: string; agencyId: string };
export type AgencyKey = { holder: string | null };

export const NAME_TAKEN = 'Агентство с таким названием уже существует';
export const INN_TAKEN = 'Агентство с таким ИНН уже существует';

/** The refusal of a taken key, on the form's field it concerns. */
export const keyTaken = (kind: AgencyKeyKind) =>
  kind === 'name'
    ? new DomainError('INVALID_DATA', NAME_TAKEN, { agencyName: [NAME_TAKEN] })
    : new DomainError('INVALID_DATA', INN_TAKEN, { inn: [INN_TAKEN] });

/** Case and spacing do not make another name. */
export const agencyKeyStream = (kind: AgencyKeyKind, value: string) =>
  `agency-${kind}-${value.trim().toLowerCase().replace(/\s+/g, ' ')}`;

export const agencyKeyDecider: Decider<AgencyKeyCommand, AgencyKey, AgencyKeyEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) =>
    event.type === 'AgencyKeyClaimed' ? { holder: event.data.agencyId } : { holder: null },
  decide: (command, state) => {
    const data = { key: command.key, agencyId: command.agencyId };
    switch (command.type) {
      case 'ClaimAgencyKey':
        if (state.holder === command.agencyId) return [];
        if (state.holder) throw keyTaken(command.kind);
        return [{ type: 'AgencyKeyClaimed', data }];
      case 'ReleaseAgencyKey':
        // only the holder gives it back; released already, or never held: nothing to do
        return state.holder === command.agencyId ? [{ type: 'AgencyKeyReleased', data }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleAgencyKey = commandHandler(agencyKeyDecider, ([kind, value]: [AgencyKeyKind, string]) =>
  agencyKeyStream(kind, value),
);
