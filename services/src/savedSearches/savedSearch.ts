import {
  SAVED_SEARCH_SMS_PER_DAY,
  SAVED_SEARCHES_PER_USER,
  type EventOf,
  type MatchedListing,
  type SavedSearchAlerts,
  type SavedSearchDigestItem,
} from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type SavedSearchEvent =
  | EventOf<'SavedSearchCreated'>
  | EventOf<'SavedSearchRenamed'>
  | EventOf<'SavedSearchAlertsChanged'>
  | EventOf<'SavedSearchPaused'>
  | EventOf<'SavedSearchResumed'>
  | EventOf<'SavedSearchDeleted'>
  | EventOf<'SavedSearchVisited'>
  | EventOf<'SavedSearchMatched'>
  | EventOf<'SavedSearchDigestSent'>;

export type DigestPeriod = 'daily' | 'weekly';

export type SavedSearchCommand =
  | {
      type: 'SaveSearch';
      userId: string;
      searchId: string;
      name: string;
      filters: Record<string, unknown>;
      alerts: SavedSearchAlerts;
    }
  | { type: 'RenameSearch'; userId: string; searchId: string; name: string }
  | { type: 'ChangeSearchAlerts'; userId: string; searchId: string; alerts: SavedSearchAlerts }
  | { type: 'PauseSearch'; userId: string; searchId: string; via: 'account' | 'unsubscribe' }
  | { type: 'ResumeSearch'; userId: string; searchId: string }
  | { type: 'DeleteSearch'; userId: string; searchId: string }
  | { type: 'VisitSearch'; userId: string; searchId: string }
  /**
   * The matcher found these searches for a listing just published (`published`) or just made
   * cheaper (`price-drop`); `today` is the Moscow date (the SMS quota's day).
   */
  | {
      type: 'RecordMatch';
      userId: string;
      publicationId: string;
      reason: 'published' | 'price-drop';
      listing: MatchedListing;
      searchIds: string[];
      today: string;
    }
  | { type: 'SendDigest'; userId: string; period: DigestPeriod; periodKey: string; today: string };

export type SearchState = {
  name: string;
  alerts: SavedSearchAlerts;
  paused: boolean;
  /** listings this search was told of as new, and as a price drop */
  sent: ReadonlySet<string>;
  dropped: ReadonlySet<string>;
  /** matches waiting for the daily or weekly digest */
  pending: readonly SavedSearchDigestItem[];
};

export type SavedSearches = {
  /** the user's searches that are not deleted, by id (a Map: ids come from requests) */
  searches: ReadonlyMap<string, SearchState>;
  /** ids ever used, deleted ones too: a deleted search is never saved again under its id */
  used: ReadonlySet<string>;
  /** alert SMS sent on the Moscow day `smsDay` */
  smsDay: string | null;
  smsCount: number;
  /** the last digest of each period (its key), so a period is sent once */
  lastDigest: Readonly<Record<DigestPeriod, string | null>>;
};

/** at most this many matches wait for a digest per search: a digest shows 50 in all */
const PENDING_PER_SEARCH = 100;
const DIGEST_ITEMS = 50;

export const savedSearchesStream = (userId: string) => `saved-searches-${userId}`;

const NOT_FOUND = () => new DomainError('NOT_FOUND', 'Сохранённый поиск не найден');

const withSearch = (state: SavedSearches, searchId: string, change: (s: SearchState) => SearchState) => {
  const search = state.searches.get(searchId);
  if (!search) return state;
  const searches = new Map(state.searches);
  searches.set(searchId, change(search));
  return { ...state, searches };
};

const smsLeft = (state: SavedSearches, today: string) =>
  SAVED_SEARCH_SMS_PER_DAY - (state.smsDay === today ? state.smsCount : 0);

/** an SMS sent on `day` counts against that Moscow day's quota */
const countSms = (state: SavedSearches, day: string, sent: boolean): Partial<SavedSearches> =>
  sent ? { smsDay: day, smsCount: (state.smsDay === day ? state.smsCount : 0) + 1 } : {};

function evolve(state: SavedSearches, event: SavedSearchEvent): SavedSearches {
  switch (event.type) {
    case 'SavedSearchCreated': {
      const { searchId, name, alerts } = event.data;
      const searches = new Map(state.searches);
      searches.set(searchId, {
        name,
        alerts,
        paused: false,
        sent: new Set(),
        dropped: new Set(),
        pending: [],
      });
      return { ...state, searches, used: new Set(state.used).add(searchId) };
    }
    case 'SavedSearchRenamed':
      return withSearch(state, event.data.searchId, (s) => ({ ...s, name: event.data.name }));
    case 'SavedSearchAlertsChanged':
      return withSearch(state, event.data.searchId, (s) => ({
        ...s,
        alerts: event.data.alerts,
        // an instant search has no digest: what waited for one is dropped
        pending: event.data.alerts.frequency === 'instant' ? [] : s.pending,
      }));
    case 'SavedSearchPaused':
      return withSearch(state, event.data.searchId, (s) => ({ ...s, paused: true, pending: [] }));
    case 'SavedSearchResumed':
      return withSearch(state, event.data.searchId, (s) => ({ ...s, paused: false }));
    case 'SavedSearchDeleted': {
      const searches = new Map(state.searches);
      searches.delete(event.data.searchId);
      return { ...state, searches };
    }
    case 'SavedSearchVisited':
      return state;
    case 'SavedSearchMatched': {
      const { publicationId, listing, matches } = event.data;
      const searches = new Map(state.searches);
      for (const { searchId, kind } of matches) {
        const s = searches.get(searchId);
        if (!s) continue;
        const pending =
          s.alerts.frequency === 'instant'
            ? s.pending
            : [...s.pending, { searchId, publicationId, kind, listing }].slice(-PENDING_PER_SEARCH);
        searches.set(
          searchId,
          kind === 'new'
            ? { ...s, sent: new Set(s.sent).add(publicationId), pending }
            : { ...s, dropped: new Set(s.dropped).add(publicationId), pending },
        );
      }
      return { ...state, searches, ...countSms(state, event.data.day, event.data.instant.sms) };
    }
    case 'SavedSearchDigestSent': {
      const searches = new Map(state.searches);
      for (const searchId of event.data.searchIds) {
        const s = searches.get(searchId);
        if (s) searches.set(searchId, { ...s, pending: [] });
      }
      return {
        ...state,
        searches,
        lastDigest: { ...state.lastDigest, [event.data.period]: event.data.periodKey },
        ...countSms(state, event.data.day, event.data.sms),
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function checkAlerts(alerts: SavedSearchAlerts) {
  if (alerts.sms && alerts.frequency === 'weekly')
    throw new DomainError('INVALID_DATA', undefined, {
      'alerts.sms': ['СМС приходят только о новых объявлениях сразу или раз в день'],
    });
}

function owned(state: SavedSearches, searchId: string) {
  const search = state.searches.get(searchId);
  if (!search) throw NOT_FOUND();
  return search;
}

function decide(command: SavedSearchCommand, state: SavedSearches): SavedSearchEvent[] {
  const { userId } = command;
  switch (command.type) {
    case 'SaveSearch': {
      if (state.used.has(command.searchId)) return [];
      if (state.searches.size >= SAVED_SEARCHES_PER_USER)
        throw new DomainError(
          'ACTION_NOT_ALLOWED',
          `Можно сохранить не больше ${SAVED_SEARCHES_PER_USER} поисков. Удалите ненужные, чтобы сохранить новый.`,
        );
      checkAlerts(command.alerts);
      const { searchId, name, filters, alerts } = command;
      return [{ type: 'SavedSearchCreated', data: { userId, searchId, name, filters, alerts } }];
    }
    case 'RenameSearch': {
      const search = owned(state, command.searchId);
      if (search.name === command.name) return [];
      return [
        { type: 'SavedSearchRenamed', data: { userId, searchId: command.searchId, name: command.name } },
      ];
    }
    case 'ChangeSearchAlerts': {
      const search = owned(state, command.searchId);
      checkAlerts(command.alerts);
      const same = (Object.keys(command.alerts) as (keyof SavedSearchAlerts)[]).every(
        (key) => search.alerts[key] === command.alerts[key],
      );
      if (same) return [];
      return [
        {
          type: 'SavedSearchAlertsChanged',
          data: { userId, searchId: command.searchId, alerts: command.alerts },
        },
      ];
    }
    case 'PauseSearch': {
      const search = owned(state, command.searchId);
      if (search.paused) return [];
      return [{ type: 'SavedSearchPaused', data: { userId, searchId: command.searchId, via: command.via } }];
    }
    case 'ResumeSearch': {
      const search = owned(state, command.searchId);
      if (!search.paused) return [];
      return [{ type: 'SavedSearchResumed', data: { userId, searchId: command.searchId } }];
    }
    case 'DeleteSearch': {
      if (!state.searches.has(command.searchId)) {
        if (state.used.has(command.searchId)) return []; // deleting again is fine
        throw NOT_FOUND();
      }
      return [{ type: 'SavedSearchDeleted', data: { userId, searchId: command.searchId } }];
    }
    case 'VisitSearch': {
      owned(state, command.searchId);
      return [{ type: 'SavedSearchVisited', data: { userId, searchId: command.searchId } }];
    }
    case 'RecordMatch': {
      const matches: { searchId: string; kind: 'new' | 'price-drop' }[] = [];
      for (const searchId of new Set(command.searchIds)) {
        const search = state.searches.get(searchId);
        if (!search || search.paused) continue;
        if (!search.sent.has(command.publicationId)) matches.push({ searchId, kind: 'new' });
        else if (command.reason === 'price-drop' && !search.dropped.has(command.publicationId))
          matches.push({ searchId, kind: 'price-drop' });
      }
      if (matches.length === 0) return [];
      const instant = matches
        .map((m) => state.searches.get(m.searchId)!)
        .filter((s) => s.alerts.frequency === 'instant');
      const instantIds = matches
        .filter((m) => state.searches.get(m.searchId)!.alerts.frequency === 'instant')
        .map((m) => m.searchId);
      const sms = instant.some((s) => s.alerts.sms) && smsLeft(state, command.today) > 0;
      return [
        {
          type: 'SavedSearchMatched',
          data: {
            userId,
            publicationId: command.publicationId,
            listing: command.listing,
            matches,
            instant: { email: instant.some((s) => s.alerts.email), sms, searchIds: instantIds },
            day: command.today,
          },
        },
      ];
    }
    case 'SendDigest': {
      if (state.lastDigest[command.period] === command.periodKey) return [];
      const due = [...state.searches].filter(
        ([, s]) => !s.paused && s.alerts.frequency === command.period && s.pending.length > 0,
      );
      if (due.length === 0) return [];
      const items = due.flatMap(([, s]) => s.pending);
      const sms =
        command.period === 'daily' && due.some(([, s]) => s.alerts.sms) && smsLeft(state, command.today) > 0;
      return [
        {
          type: 'SavedSearchDigestSent',
          data: {
            userId,
            period: command.period,
            periodKey: command.periodKey,
            items: items.slice(0, DIGEST_ITEMS),
            total: items.length,
            searchIds: due.map(([id]) => id),
            email: due.some(([, s]) => s.alerts.email),
            sms,
            day: command.today,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const savedSearchesDecider: Decider<SavedSearchCommand, SavedSearches, SavedSearchEvent> = {
  initialState: () => ({
    searches: new Map(),
    used: new Set(),
    smsDay: null,
    smsCount: 0,
    lastDigest: { daily: null, weekly: null },
  }),
  evolve,
  decide,
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleSavedSearches = commandHandler(savedSearchesDecider, savedSearchesStream);
