import type { DomainEvent } from '@estate/events';
import { publicationDetails } from '@estate/events/fixtures';
import { project, storedEvents } from '../projectionSpec';
import { MemoryReadStore } from '../readStore/memory';
import type { ReadStore } from '../readStore/port';
import type { Interaction } from '../statistics/interactions';
import { closeFunnelDays, foldFunnelInteractions } from './days';
import {
  FUNNEL_BOOKINGS,
  FUNNEL_CHARGES,
  FUNNEL_CLOSED,
  FUNNEL_DAYS,
  FUNNEL_LISTINGS,
  funnelProjection,
  readFunnelState,
  funnelViewerOf,
  moscowDayOf,
} from './projection';
import { chargeByDay, funnelOf, type FunnelScope } from './queries';
import { decodeViewers, viewerHash } from './viewers';

const details = (dealCategory: 'sale' | 'dailyRent', title: string) =>
  publicationDetails({ dealCategory, title, price: 5000, params: { guestsCount: 2 } });

const charge = (chargeId: string, publicationId: string, sum: number, paidUntil: string): DomainEvent => ({
  type: 'WalletCharged',
  data: {
    agencyId: 'a1',
    chargeId,
    sum,
    purpose: 'promotion-day',
    publicationId,
    by: 'billing',
    month: '2026-03',
    tariffId: '1-1-dailyRent',
    paidUntil,
    idempotencyKey: null,
  },
});

const booking = (requestId: string, userId: string | null, phone: string): DomainEvent => ({
  type: 'BookingRequested',
  data: {
    requestId,
    publicationId: 'p2',
    agencyId: 'a1',
    authorId: 'u2',
    guest: { userId, name: 'Анна', phone, email: null },
    startDate: '2026-04-01',
    endDate: '2026-04-03',
    adultCount: 2,
    childCount: 0,
    nights: 2,
    price: 10000,
    deposit: null,
    chatId: `chat-${requestId}`,
    guestKeyHash: null,
    listing: null,
  },
});

const history = storedEvents([
  {
    streamId: 'publication-p1',
    event: {
      type: 'PublicationCreated',
      data: { publicationId: 'p1', agencyId: 'a1', authorId: 'u1', details: details('sale', 'Квартира') },
    },
  },
  {
    streamId: 'publication-p2',
    event: {
      type: 'PublicationCreated',
      data: { publicationId: 'p2', agencyId: 'a1', authorId: 'u2', details: details('sale', 'Дом') },
    },
  },
  {
    streamId: 'publication-p2',
    event: {
      type: 'PublicationEdited',
      data: { publicationId: 'p2', details: details('dailyRent', 'Дом у моря') },
    },
  },
  // a day paid from 12:00 Moscow (09:00 UTC) on 10 March to the same time on the 11th
  { streamId: 'wallet-a1', event: charge('c1', 'p2', 100, '2026-03-11T09:00:00.000Z') },
  // paid and given back in full: no promotion
  { streamId: 'wallet-a1', event: charge('c2', 'p1', 60, '2026-03-12T09:00:00.000Z') },
  {
    streamId: 'wallet-a1',
    event: { type: 'WalletRefunded', data: { agencyId: 'a1', chargeId: 'c2', sum: 60 } },
  },
  {
    streamId: 'booking-b1',
    event: booking('b1', 'g1', '79990000001'),
    occurredAt: '2026-03-10T20:00:00.000Z',
  },
  {
    streamId: 'booking-b2',
    event: booking('b2', null, '79990000002'),
    occurredAt: '2026-03-10T21:30:00.000Z',
  },
  { streamId: 'publication-p1', event: { type: 'PublicationDeleted', data: { publicationId: 'p1' } } },
]);

describe('funnel projection', () => {
  it('given listings, charges, a refund and bookings, then it keeps each listing, the paid days and the guests', async () => {
    const store = await project([funnelProjection], history);
    expect(await store.collection(FUNNEL_LISTINGS).find({}, { sort: { _id: 1 } })).toEqual([
      {
        _id: 'p1',
        revision: 1,
        agencyId: 'a1',
        authorId: 'u1',
        dealCategory: 'sale',
        title: 'Квартира',
        deleted: true,
      },
      {
        _id: 'p2',
        revision: 1,
        agencyId: 'a1',
        authorId: 'u2',
        dealCategory: 'dailyRent',
        title: 'Дом у моря',
        deleted: false,
      },
    ]);
    expect(await store.collection(FUNNEL_CHARGES).find({}, { sort: { _id: 1 } })).toEqual([
      {
        _id: 'a1:c1',
        revision: 0,
        agencyId: 'a1',
        publicationId: 'p2',
        sum: 100,
        refunded: 0,
        start: '2026-03-10T09:00:00.000Z',
        end: '2026-03-11T09:00:00.000Z',
      },
      {
        _id: 'a1:c2',
        revision: 2,
        agencyId: 'a1',
        publicationId: 'p1',
        sum: 60,
        refunded: 60,
        start: '2026-03-11T09:00:00.000Z',
        end: '2026-03-12T09:00:00.000Z',
      },
    ]);
    // 23:00 and 00:30 Moscow: two days; the account's guest and the phone's
    expect(await store.collection(FUNNEL_BOOKINGS).find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'b1', revision: 0, publicationId: 'p2', day: '2026-03-10', viewer: viewerHash('user:g1') },
      {
        _id: 'b2',
        revision: 0,
        publicationId: 'p2',
        day: '2026-03-11',
        viewer: viewerHash('phone:79990000002'),
      },
    ]);
  });

  it('given the same events twice, then the documents are the same (a refund is taken once)', async () => {
    const once = await project([funnelProjection], history);
    const twice = await project([funnelProjection], [...history, ...history]);
    for (const name of [FUNNEL_LISTINGS, FUNNEL_CHARGES, FUNNEL_BOOKINGS])
      expect(await twice.collection(name).find({}, { sort: { _id: 1 } })).toEqual(
        await once.collection(name).find({}, { sort: { _id: 1 } }),
      );
  });
});

describe('funnel interactions', () => {
  const at = (iso: string) => iso;
  const i = (
    kind: Interaction['kind'],
    viewer: string | undefined,
    publicationId: string,
    time: string,
    id?: string,
  ) =>
    ({
      id: id ?? `${kind}:${viewer}:${publicationId}:${time.slice(0, 10)}`,
      kind,
      publicationId,
      at: at(time),
      viewer,
    }) as Interaction;

  it('keeps each viewer once per listing, step and Moscow day, however often it comes', async () => {
    const store = new MemoryReadStore();
    const batch = [
      i('view', 'visitor:a', 'p1', '2026-03-10T08:00:00.000Z'),
      i('view', 'visitor:a', 'p1', '2026-03-10T09:00:00.000Z'),
      i('view', 'visitor:b', 'p1', '2026-03-10T20:59:00.000Z'),
      // 00:01 in Moscow: the next day
      i('view', 'visitor:a', 'p1', '2026-03-10T21:01:00.000Z'),
      i('click', 'visitor:a', 'p1', '2026-03-10T08:01:00.000Z'),
    ];
    await foldFunnelInteractions(store, batch);
    await foldFunnelInteractions(store, batch);
    const days = await store.collection(FUNNEL_DAYS).find({}, { sort: { _id: 1 } });
    expect(
      days.map((d) => [
        d._id,
        decodeViewers(d.view as string).length,
        decodeViewers(d.click as string).length,
      ]),
    ).toEqual([
      ['p1|2026-03-10', 2, 1],
      ['p1|2026-03-11', 1, 0],
    ]);
    expect(decodeViewers(days[0].view as string)).toEqual(
      [viewerHash('visitor:a'), viewerHash('visitor:b')].sort((a, b) => a - b),
    );
  });

  it('finds the viewer of interactions recorded before they named one, from their ids', () => {
    expect(
      funnelViewerOf(i('phone', undefined, 'p1', '2026-03-10T08:00:00.000Z', 'phone:user:u7:p1:2026-03-10')),
    ).toBe('user:u7');
    expect(
      funnelViewerOf(
        i('phone', undefined, 'p1', '2026-03-10T08:00:00.000Z', 'phone:ip:1.2.3.4:p1:2026-03-10'),
      ),
    ).toBe('ip:1.2.3.4');
    expect(
      funnelViewerOf(i('favorite', undefined, 'p1', '2026-03-10T08:00:00.000Z', 'favorite:u7:p1:2026-03-10')),
    ).toBe('user:u7');
    expect(funnelViewerOf(i('chat', undefined, 'p1', '2026-03-10T08:00:00.000Z', 'chat:c9'))).toBe('chat:c9');
    expect(funnelViewerOf(i('view', undefined, 'p1', '2026-03-10T08:00:00.000Z', 'legacy-view'))).toBeNull();
    expect(moscowDayOf('2026-03-10T21:00:00.000Z')).toBe('2026-03-11');
  });

  it('spreads a charge over the Moscow days of its 24 hours to the kopeck', () => {
    // 12:00 Moscow to 12:00: half and half
    expect([
      ...chargeByDay({
        sum: 100,
        refunded: 0,
        start: '2026-03-10T09:00:00.000Z',
        end: '2026-03-11T09:00:00.000Z',
      }),
    ]).toEqual([
      ['2026-03-10', 5000],
      ['2026-03-11', 5000],
    ]);
    // 8 h and 16 h of 10 ₽: 333.33… and 666.66… kopecks, the kopeck left to the larger remainder
    expect([
      ...chargeByDay({
        sum: 10,
        refunded: 0,
        start: '2026-03-10T13:00:00.000Z',
        end: '2026-03-11T13:00:00.000Z',
      }),
    ]).toEqual([
      ['2026-03-10', 333],
      ['2026-03-11', 667],
    ]);
    expect(
      chargeByDay({
        sum: 10,
        refunded: 10,
        start: '2026-03-10T13:00:00.000Z',
        end: '2026-03-11T13:00:00.000Z',
      }).size,
    ).toBe(0);
  });

  it('counts the funnel of a listing and of an agency, split into promoted days and others', async () => {
    const store = await project([funnelProjection], history);
    await foldFunnelInteractions(store, [
      // 10 March (promoted for p2 from 12:00): a sees both listings, b sees p2 and reveals its phone
      i('view', 'visitor:a', 'p1', '2026-03-10T06:00:00.000Z'),
      i('view', 'visitor:a', 'p2', '2026-03-10T06:00:00.000Z'),
      i('view', 'visitor:b', 'p2', '2026-03-10T07:00:00.000Z'),
      i('click', 'visitor:b', 'p2', '2026-03-10T07:01:00.000Z'),
      i('phone', 'visitor:b', 'p2', '2026-03-10T07:02:00.000Z'),
      i('chat', 'user:g1', 'p2', '2026-03-10T07:03:00.000Z'),
      // 12 March (not promoted): a again
      i('view', 'visitor:a', 'p2', '2026-03-12T06:00:00.000Z'),
    ]);
    const listing = await funnelOf(store, ['p2'], '2026-03-09', '2026-03-12');
    expect(listing.total.counts).toMatchObject({
      impressions: 3,
      opened: 1,
      phone: 1,
      chat: 1,
      responses: 2,
      booking: 2,
    });
    expect(listing.promoted).toMatchObject({ days: 2, moneyKopecks: 10000 });
    expect(listing.promoted.counts).toMatchObject({ impressions: 2, phone: 1, chat: 1, booking: 2 });
    expect(listing.notPromoted.days).toBe(2);
    expect(listing.notPromoted.counts).toMatchObject({ impressions: 1, phone: 0, booking: 0 });
    const agency = await funnelOf(store, ['p1', 'p2'], '2026-03-10', '2026-03-10', { agencyId: 'a1' });
    // a saw two of the agency's listings on one day: once in all; in each part once
    expect(agency.total.counts.impressions).toBe(2);
    expect(agency.promoted.counts.impressions).toBe(2);
    expect(agency.notPromoted.counts.impressions).toBe(1);
    expect(agency.total.days).toBe(2);
    expect(agency.promoted).toMatchObject({ days: 1, moneyKopecks: 5000 });
  });
});

describe('funnel closed days', () => {
  const i = (kind: Interaction['kind'], viewer: string, publicationId: string, at: string) =>
    ({ id: `${kind}:${viewer}:${publicationId}:${at}`, kind, publicationId, at, viewer }) as Interaction;
  // a third listing of u1, and p2 promoted again on the 12th from 06:00 Moscow
  const more = storedEvents([
    {
      streamId: 'publication-p3',
      event: {
        type: 'PublicationCreated',
        data: { publicationId: 'p3', agencyId: 'a1', authorId: 'u1', details: details('dailyRent', 'Дача') },
      },
    },
    { streamId: 'wallet-a1', event: charge('c3', 'p2', 48, '2026-03-13T03:00:00.000Z') },
  ]);
  // five Moscow days, 9–13 March: viewers crossing listings, steps and midnight
  const interactions: Interaction[] = [];
  const viewers = ['visitor:a', 'visitor:b', 'visitor:c', 'user:g1', 'user:g2', 'ip:x'];
  ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'].forEach((day, d) =>
    viewers.forEach((viewer, v) =>
      ['p1', 'p2', 'p3'].forEach((listing, l) => {
        const at = (hour: number) =>
          `${day}T${String(hour).padStart(2, '0')}:${String(10 + v).padStart(2, '0')}:00.000Z`;
        const roll = (d * 7 + v * 3 + l * 5) % 11;
        if (roll < 9) interactions.push(i('view', viewer, listing, at(6 + l)));
        if (roll < 6) interactions.push(i('click', viewer, listing, at(7 + l)));
        if (roll % 3 === 0) interactions.push(i('phone', viewer, listing, at(8)));
        if (roll % 4 === 1) interactions.push(i('chat', viewer, listing, at(9)));
        if (roll % 5 === 2) interactions.push(i('favorite', viewer, listing, at(22)));
      }),
    ),
  );
  const scopes: [string[], FunnelScope][] = [
    [['p1'], { publicationId: 'p1' }],
    [['p2'], { publicationId: 'p2' }],
    [['p3'], { publicationId: 'p3' }],
    [['p1', 'p2', 'p3'], { agencyId: 'a1' }],
    [['p1', 'p3'], { agencyId: 'a1', authorId: 'u1' }],
    [['p2'], { agencyId: 'a1', authorId: 'u2' }],
  ];
  const ranges = [
    ['2026-03-01', '2026-03-31'],
    ['2026-03-09', '2026-03-13'],
    ['2026-03-10', '2026-03-10'],
    ['2026-03-11', '2026-03-12'],
    ['2026-03-12', '2026-03-14'],
  ];
  const answers = async (store: ReadStore) => {
    const out = [];
    for (const [ids, scope] of scopes)
      for (const [from, to] of ranges)
        out.push({ scope, from, to, figures: await funnelOf(store, ids, from, to, scope) });
    return out;
  };

  it('answers the same from the counts of closed days as from their sets, for listings, the agency and its agents', async () => {
    const kept = await project([funnelProjection], [...history, ...more]);
    const closed = await project([funnelProjection], [...history, ...more]);
    for (let n = 0; n < interactions.length; n += 25) {
      await foldFunnelInteractions(kept, interactions.slice(n, n + 25), { close: false });
      await foldFunnelInteractions(closed, interactions.slice(n, n + 25));
    }
    const before = await answers(kept);
    // folding reached the 14th (a favourite at 01:xx Moscow): the 9th to the 12th are closed, their sets gone
    expect(await readFunnelState(closed)).toEqual({
      _id: 'days',
      newest: '2026-03-14',
      closedThrough: '2026-03-12',
      late: 0,
    });
    expect(
      (await closed.collection<{ _id: string; day: string }>(FUNNEL_DAYS).find({}))
        .map((d) => d.day)
        .sort()[0],
    ).toBe('2026-03-13');
    expect(await answers(closed)).toEqual(before);
    // every day closed: the same again
    await closeFunnelDays(closed, '2026-03-14');
    expect(await closed.collection(FUNNEL_DAYS).countDocuments({})).toBe(0);
    expect((await closed.collection(FUNNEL_CLOSED).find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(
      ['a|a1|2026-03', 'l|p1|2026-03', 'l|p2|2026-03', 'l|p3|2026-03', 'u|a1|u1|2026-03', 'u|a1|u2|2026-03'],
    );
    expect(await answers(closed)).toEqual(before);
    // and the promotion split, the money and the agency's once-a-day viewers were there to compare
    const agency = before.find(
      (a) => 'agencyId' in a.scope && !('authorId' in a.scope) && a.from === '2026-03-09',
    )!;
    expect(agency.figures.promoted.moneyKopecks).toBe(14800);
    expect(agency.figures.promoted.counts.impressions).toBeGreaterThan(0);
    expect(agency.figures.total.counts.impressions).toBeLessThan(
      before
        .filter((a) => 'publicationId' in a.scope && a.from === '2026-03-09')
        .reduce((sum, a) => sum + a.figures.total.counts.impressions, 0),
    );
  });

  it('drops an interaction dated in a closed day and counts it late; a day still open takes it', async () => {
    const store = await project([funnelProjection], [...history, ...more]);
    await foldFunnelInteractions(store, interactions);
    const before = await answers(store);
    await foldFunnelInteractions(store, [
      i('view', 'visitor:new', 'p1', '2026-03-11T12:00:00.000Z'),
      i('view', 'visitor:a', 'p1', '2026-03-10T12:00:00.000Z'),
    ]);
    expect(await answers(store)).toEqual(before);
    expect(await readFunnelState(store)).toMatchObject({ closedThrough: '2026-03-12', late: 2 });
    const open = await funnelOf(store, ['p1'], '2026-03-13', '2026-03-13');
    await foldFunnelInteractions(store, [i('view', 'visitor:new', 'p1', '2026-03-13T12:00:00.000Z')]);
    expect((await funnelOf(store, ['p1'], '2026-03-13', '2026-03-13')).total.counts.impressions).toBe(
      open.total.counts.impressions + 1,
    );
  });
});
