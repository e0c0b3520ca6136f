import type {
  EventOf,
  InvestmentStatistics,
  LocationSettings,
  SiteContacts,
  TransactionDeal,
} from '@estate/events';
import type { Decider } from '../core/decider';

/** The site's settings, one stream (`settings`) with a section an event; a change that changes nothing records nothing. */
export type SettingsEvent =
  | EventOf<'SiteContactsChanged'>
  | EventOf<'LocationSettingsChanged'>
  | EventOf<'InvestmentStatisticsChanged'>
  | EventOf<'TransactionDealChanged'>;

export type Settings = {
  contacts: SiteContacts | null;
  location: LocationSettings | null;
  investmentStatistics: InvestmentStatistics | null;
  transactionDeal: TransactionDeal | null;
};

export type SettingsCommand =
  | { type: 'ChangeContacts'; moderatorId: string; contacts: SiteContacts }
  | { type: 'ChangeLocationSettings'; moderatorId: string; settings: LocationSettings }
  | { type: 'ChangeInvestmentStatistics'; moderatorId: string; statistics: InvestmentStatistics }
  | { type: 'ChangeTransactionDeal'; moderatorId: string; transactionDeal: TransactionDeal };

export const SETTINGS_STREAM = 'settings';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const settingsDecider: Decider<SettingsCommand, Settings, SettingsEvent> = {
  initialState: () => ({ contacts: null, location: null, investmentStatistics: null, transactionDeal: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'SiteContactsChanged':
        return { ...state, contacts: event.data.contacts };
      case 'LocationSettingsChanged':
        return { ...state, location: event.data.settings };
      case 'InvestmentStatisticsChanged':
        return { ...state, investmentStatistics: event.data.statistics };
      case 'TransactionDealChanged':
        return { ...state, transactionDeal: event.data.transactionDeal };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    const { moderatorId } = command;
    switch (command.type) {
      case 'ChangeContacts':
        return same(state.contacts, command.contacts)
          ? []
          : [{ type: 'SiteContactsChanged', data: { moderatorId, contacts: command.contacts } }];
      case 'ChangeLocationSettings':
        return same(state.location, command.settings)
          ? []
          : [{ type: 'LocationSettingsChanged', data: { moderatorId, settings: command.settings } }];
      case 'ChangeInvestmentStatistics':
        return same(state.investmentStatistics, command.statistics)
          ? []
          : [{ type: 'InvestmentStatisticsChanged', data: { moderatorId, statistics: command.statistics } }];
      case 'ChangeTransactionDeal':
        return same(state.transactionDeal, command.transactionDeal)
          ? []
          : [
              {
                type: 'TransactionDealChanged',
                data: { moderatorId, transactionDeal: command.transactionDeal },
              },
            ];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
