import {
  SAVED_SEARCHES_PER_USER,
  type EventOf,
  type MatchedListing,
  type SavedSearchAlerts,
} from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { savedSearchesDecider, type SavedSearchEvent } from './savedSearch';

/**
 * A user's saved searches (`saved-searches-<userId>`): at most 20; renamed, paused, resumed and
 * deleted by their owner; a listing alerts a search once as new and at most once more as a price
 * drop, a paused search never; SMS within 3 a day; one digest per period.
 */
const given = deciderSpec(savedSearchesDecider);
const userId = 'u1';
const today = '2026-11-26';
const instant: SavedSearchAlerts = { frequency: 'instant', email: true, sms: true };
const daily: SavedSearchAlerts = { frequency: 'daily', email: true, sms: false };
const filters = { dealCategory: 'sale', locationId: '1' };
const listing: MatchedListing = {
  title: 'Квартира',
  price: 9_000_000,
  oldPrice: null,
  dealCategory: 'sale',
  address: 'Москва, ул. Тестовая, 1',
};

const created = (searchId: string, alerts: SavedSearchAlerts = instant): EventOf<'SavedSearchCreated'> => ({
  type: 'SavedSearchCreated',
  data: { userId, searchId, name: `Поиск ${searchId}`, filters, alerts },
});
const paused = (searchId: string): EventOf<'SavedSearchPaused'> => ({
  type: 'SavedSearchPaused',
  data: { userId, searchId, via: 'account' },
});
const matched = (
  publicationId: string,
  matches: { searchId: string; kind: 'new' | 'price-drop' }[],
  instantPart = { email: true, sms: true, searchIds: matches.map((m) => m.searchId) },
  day = today,
): EventOf<'SavedSearchMatched'> => ({
  type: 'SavedSearchMatched',
  data: { userId, publicationId, listing, matches, instant: instantPart, day },
});
const match = (
  publicationId: string,
  searchIds: string[],
  reason: 'published' | 'price-drop' = 'published',
) => ({ type: 'RecordMatch', userId, publicationId, reason, listing, searchIds, today }) as const;

describe('saving and managing', () => {
  it('saves a search once under its id', () => {
    given([])
      .when({ type: 'SaveSearch', userId, searchId: 's1', name: 'Поиск s1', filters, alerts: instant })
      .then([created('s1')]);
    given([created('s1')])
      .when({ type: 'SaveSearch', userId, searchId: 's1', name: 'Поиск s1', filters, alerts: instant })
      .then([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_USER} searches; a deleted one frees its place`, () => {
    const full = Array.from({ length: SAVED_SEARCHES_PER_USER }, (_, i) => created(`s${i}`));
    const save = {
      type: 'SaveSearch',
      userId,
      searchId: 'new',
      name: 'Ещё',
      filters,
      alerts: daily,
    } as const;
    given(full).when(save).thenThrows('ACTION_NOT_ALLOWED');
    given([...full, { type: 'SavedSearchDeleted', data: { userId, searchId: 's0' } }])
      .when(save)
      .then([
        {
          type: 'SavedSearchCreated',
          data: { userId, searchId: 'new', name: 'Ещё', filters, alerts: daily },
        },
      ]);
  });

  it('refuses SMS with weekly alerts', () => {
    given([])
      .when({
        type: 'SaveSearch',
        userId,
        searchId: 's1',
        name: 'Раз в неделю',
        filters,
        alerts: { frequency: 'weekly', email: true, sms: true },
      })
      .thenThrows('INVALID_DATA');
  });

  it('renames, pauses, resumes, changes alerts; the same again records nothing', () => {
    given([created('s1')])
      .when({ type: 'RenameSearch', userId, searchId: 's1', name: 'Двушки' })
      .then([{ type: 'SavedSearchRenamed', data: { userId, searchId: 's1', name: 'Двушки' } }]);
    given([created('s1')])
      .when({ type: 'RenameSearch', userId, searchId: 's1', name: 'Поиск s1' })
      .then([]);
    given([created('s1')])
      .when({ type: 'PauseSearch', userId, searchId: 's1', via: 'unsubscribe' })
      .then([{ type: 'SavedSearchPaused', data: { userId, searchId: 's1', via: 'unsubscribe' } }]);
    given([created('s1'), paused('s1')])
      .when({ type: 'PauseSearch', userId, searchId: 's1', via: 'account' })
      .then([]);
    given([created('s1'), paused('s1')])
      .when({ type: 'ResumeSearch', userId, searchId: 's1' })
      .then([{ type: 'SavedSearchResumed', data: { userId, searchId: 's1' } }]);
    given([created('s1')])
      .when({ type: 'ChangeSearchAlerts', userId, searchId: 's1', alerts: instant })
      .then([]);
  });

  it('a search that is not there is not found; deleting again is fine', () => {
    given([]).when({ type: 'RenameSearch', userId, searchId: 'x', name: 'Имя' }).thenThrows('NOT_FOUND');
    const deleted: SavedSearchEvent = { type: 'SavedSearchDeleted', data: { userId, searchId: 's1' } };
    given([created('s1'), deleted])
      .when({ type: 'DeleteSearch', userId, searchId: 's1' })
      .then([]);
    given([created('s1'), deleted])
      .when({ type: 'VisitSearch', userId, searchId: 's1' })
      .thenThrows('NOT_FOUND');
  });
});

describe('matching', () => {
  it('a new listing alerts each matching search once', () => {
    given([created('s1'), created('s2', daily)])
      .when(match('p1', ['s1', 's2']))
      .then([
        matched(
          'p1',
          [
            { searchId: 's1', kind: 'new' },
            { searchId: 's2', kind: 'new' },
          ],
          { email: true, sms: true, searchIds: ['s1'] },
        ),
      ]);
    given([created('s1'), matched('p1', [{ searchId: 's1', kind: 'new' }])])
      .when(match('p1', ['s1']))
      .then([]);
  });

  it('a paused or deleted search gets nothing', () => {
    given([created('s1'), paused('s1')])
      .when(match('p1', ['s1']))
      .then([]);
    given([created('s1'), { type: 'SavedSearchDeleted', data: { userId, searchId: 's1' } }])
      .when(match('p1', ['s1']))
      .then([]);
  });

  it('a price drop alerts once more a search that had the listing, and as new one that had not', () => {
    const first = matched('p1', [{ searchId: 's1', kind: 'new' }]);
    given([created('s1'), created('s2'), first])
      .when(match('p1', ['s1', 's2'], 'price-drop'))
      .then([
        matched('p1', [
          { searchId: 's1', kind: 'price-drop' },
          { searchId: 's2', kind: 'new' },
        ]),
      ]);
    const dropped = matched('p1', [{ searchId: 's1', kind: 'price-drop' }]);
    given([created('s1'), first, dropped])
      .when(match('p1', ['s1'], 'price-drop'))
      .then([]);
  });

  it('sends at most 3 SMS a Moscow day', () => {
    const three = ['p1', 'p2', 'p3'].map((p) => matched(p, [{ searchId: 's1', kind: 'new' }]));
    given([created('s1'), ...three])
      .when(match('p4', ['s1']))
      .then([
        matched('p4', [{ searchId: 's1', kind: 'new' }], { email: true, sms: false, searchIds: ['s1'] }),
      ]);
    const yesterday = ['p1', 'p2', 'p3'].map((p) =>
      matched(p, [{ searchId: 's1', kind: 'new' }], undefined, '2026-11-25'),
    );
    given([created('s1'), ...yesterday])
      .when(match('p4', ['s1']))
      .then([matched('p4', [{ searchId: 's1', kind: 'new' }])]);
  });
});

describe('digests', () => {
  const waiting = matched('p1', [{ searchId: 's1', kind: 'new' }], {
    email: false,
    sms: false,
    searchIds: [],
  });
  const digest = (periodKey = today): EventOf<'SavedSearchDigestSent'> => ({
    type: 'SavedSearchDigestSent',
    data: {
      userId,
      period: 'daily',
      periodKey,
      items: [{ searchId: 's1', publicationId: 'p1', kind: 'new', listing }],
      total: 1,
      searchIds: ['s1'],
      email: true,
      sms: false,
      day: today,
    },
  });

  it('sends what the period collected, once per period', () => {
    given([created('s1', daily), waiting])
      .when({ type: 'SendDigest', userId, period: 'daily', periodKey: today, today })
      .then([digest()]);
    given([created('s1', daily), waiting, digest()])
      .when({ type: 'SendDigest', userId, period: 'daily', periodKey: today, today })
      .then([]);
  });

  it('sends nothing when nothing waits, or the search was paused', () => {
    given([created('s1', daily)])
      .when({ type: 'SendDigest', userId, period: 'daily', periodKey: today, today })
      .then([]);
    given([created('s1', daily), waiting, paused('s1')])
      .when({ type: 'SendDigest', userId, period: 'daily', periodKey: today, today })
      .then([]);
  });
});
