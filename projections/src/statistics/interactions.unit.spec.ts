import { MemoryReadStore } from '../readStore/memory';
import {
  COUNTING_LIMITS,
  countInteractions,
  dailyInteractionStats,
  INTERACTION_QUOTAS,
  type CountingLimits,
  type Interaction,
} from './interactions';

/** A card view as the API records it: one id per viewer, listing and day, with the viewer and a hash of the address. */
const view = (
  viewer: string,
  publicationId: string,
  origin: string,
  at = '2026-11-20T10:00:00.000Z',
): Interaction => ({
  id: `view:${viewer}:${publicationId}:${at.slice(0, 10)}`,
  kind: 'view',
  publicationId,
  at,
  viewer,
  origin,
});
const viewsOf = async (store: MemoryReadStore, publicationId: string, day = '2026-11-20') =>
  (await dailyInteractionStats(store, publicationId, day, day))[0]?.view ?? 0;
const small: CountingLimits = {
  view: { perViewerMinute: 3, perViewerDay: 5, perOriginDay: 8, perOriginListingDay: 2 },
  click: { perViewerMinute: 3, perViewerDay: 5, perOriginDay: 8, perOriginListingDay: 2 },
};

describe('counting limits', () => {
  it('given many viewers from one address, then one listing counts at most perOriginListingDay views a day, again the next day', async () => {
    const store = new MemoryReadStore();
    const flood = Array.from({ length: 30 }, (_, n) => view(`visitor:v${n}`, 'p1', 'ip-a'));
    expect(await countInteractions(store, flood)).toBe(COUNTING_LIMITS.view.perOriginListingDay);
    // other addresses still count, and so does the same address the next day
    expect(
      await countInteractions(store, [view('visitor:w1', 'p1', 'ip-b'), view('visitor:w2', 'p1', 'ip-c')]),
    ).toBe(2);
    expect(
      await countInteractions(store, [view('visitor:v0', 'p1', 'ip-a', '2026-11-21T10:00:00.000Z')]),
    ).toBe(1);
    expect(await viewsOf(store, 'p1')).toBe(COUNTING_LIMITS.view.perOriginListingDay + 2);
  });

  it('given one viewer seeing many listings in a minute, then perViewerMinute count, and the next minute counts again', async () => {
    const store = new MemoryReadStore();
    const minute = Array.from({ length: 70 }, (_, n) =>
      view('visitor:fast', `p${n}`, `ip-${n}`, '2026-11-20T10:00:30.000Z'),
    );
    expect(await countInteractions(store, minute)).toBe(COUNTING_LIMITS.view.perViewerMinute);
    expect(
      await countInteractions(store, [view('visitor:fast', 'p69', 'ip-69', '2026-11-20T10:01:05.000Z')]),
    ).toBe(1);
  });

  it('given the day limits, then a viewer and an address count no more that day', async () => {
    const store = new MemoryReadStore();
    // one viewer, a new listing each minute from new addresses: stops at perViewerDay
    const viewer = Array.from({ length: 9 }, (_, n) =>
      view('visitor:daily', `p${n}`, `ip-${n}`, `2026-11-20T10:0${n}:00.000Z`),
    );
    expect(await countInteractions(store, viewer, small)).toBe(5);
    // many viewers from one address, each on another listing: stops at perOriginDay
    const address = Array.from({ length: 12 }, (_, n) => view(`visitor:o${n}`, `q${n}`, 'ip-office'));
    expect(await countInteractions(store, address, small)).toBe(8);
  });

  it('given a batch delivered twice, then its quotas move once', async () => {
    const store = new MemoryReadStore();
    const batch = [view('visitor:a', 'p1', 'ip-x'), view('visitor:b', 'p1', 'ip-x')];
    expect(await countInteractions(store, batch, small)).toBe(2);
    expect(await countInteractions(store, batch, small)).toBe(0);
    // the address's quota for p1 (2) is used up by the two views, not by their redelivery: a third viewer is refused, one on p2 counts
    expect(
      await countInteractions(
        store,
        [view('visitor:c', 'p1', 'ip-x'), view('visitor:c', 'p2', 'ip-x')],
        small,
      ),
    ).toBe(1);
    expect(await viewsOf(store, 'p1')).toBe(2);
  });

  it('given interactions recorded before the limits (no viewer, no address), then they count as they did', async () => {
    const store = new MemoryReadStore();
    const legacy = Array.from({ length: 20 }, (_, n): Interaction => ({
      id: `view:b${n}:p1:2026-11-20`,
      kind: 'view',
      publicationId: 'p1',
      at: '2026-11-20T10:00:00.000Z',
    }));
    expect(await countInteractions(store, legacy, small)).toBe(20);
  });

  it('keeps the quotas of today and yesterday only', async () => {
    const store = new MemoryReadStore();
    await countInteractions(store, [view('visitor:a', 'p1', 'ip-x', '2026-11-18T10:00:00.000Z')]);
    await countInteractions(store, [view('visitor:a', 'p1', 'ip-x', '2026-11-19T10:00:00.000Z')]);
    await countInteractions(store, [view('visitor:a', 'p1', 'ip-x', '2026-11-20T10:00:00.000Z')]);
    const days = (await store.collection<{ _id: string; day: string }>(INTERACTION_QUOTAS).find({})).map(
      (q) => q.day,
    );
    expect([...new Set(days)].sort()).toEqual(['2026-11-19', '2026-11-20']);
  });
});
