import { CATALOGUE } from '@estate/projections';
import request from 'supertest';
import { createAgency, createAgencyWithListings, type PublicationSpec } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { handleUser } from '../identity';
import { closeDroppingCollections, onBothReadStores } from '../../test/readStores';
import { mapAnswer } from './dto';

/** A catalogue made for the filters: each listing differs from the others in what a test asks. */
const CENTRE = { lat: 55.751244, lon: 37.618423 };
/** out of every area the geo tests draw: a published listing needs a point */
const OUTSKIRTS = { lat: 55.45, lon: 38.25 };

const PUBLICATIONS: PublicationSpec[] = [
  {
    id: 'a',
    price: 10_000_000,
    rooms: 2,
    area: 54,
    floor: 5,
    geo: CENTRE,
    address: 'Москва, ул. Тверская, 1',
    metro: [
      { name: 'Охотный ряд', time: 7, pedestrian_time: true },
      { name: 'Театральная', time: 9, pedestrian_time: true },
    ],
    publishedDaysAgo: 10,
  },
  {
    id: 'b',
    price: 20_000_000,
    rooms: 3,
    area: 80,
    floor: 12,
    geo: { lat: 55.93, lon: 37.4 },
    address: 'Москва, Ленинский проспект, 30',
    metro: [{ name: 'Ленинский проспект', time: 25, pedestrian_time: false }],
    publishedDaysAgo: 20,
  },
  { id: 'c', city: '2', price: 8_000_000, rooms: 1, area: 38, publishedDaysAgo: 5 },
  { id: 'd', geo: OUTSKIRTS, deal: 'rent', price: 60_000, rooms: 1, area: 40, publishedDaysAgo: 7 },
  { id: 'e', geo: OUTSKIRTS, deal: 'dailyRent', price: 3_000, rooms: 1, guests: 4, publishedDaysAgo: 8 },
  { id: 'f', geo: OUTSKIRTS, price: 5_000_000, rooms: 5, area: 120, publishedDaysAgo: 1 },
  {
    id: 'g',
    price: 12_000_000,
    rooms: 2,
    geo: { lat: 55.752, lon: 37.62 },
    publishedDaysAgo: 15,
    promoted: 3,
  },
  { id: 'h', geo: OUTSKIRTS, price: 15_000_000, rooms: 2, publishedDaysAgo: 16, promoted: 1 },
  { id: 'i', geo: OUTSKIRTS, price: 11_000_000, rooms: 2, publishedDaysAgo: 17, promoted: 2 },
  { id: 'j', geo: OUTSKIRTS, price: 9_000_000, rooms: 2, publishedDaysAgo: 18, promoted: 1 },
  { id: 'k', geo: OUTSKIRTS, price: 13_000_000, rooms: 2, complex: 'rc-1', publishedDaysAgo: 9 },
  { id: 'draft', price: 7_000_000 },
];

/** The same suite on the embedded store and on MongoDB (its stand-in here), whose query language the filters must also speak. */
const MONGO_COLLECTIONS = [
  'catalogue',
  'catalogue_people',
  'catalogue_agencies',
  'users',
  'sessions',
  'agencies',
  'favourites',
  'projection_checkpoints',
  'interaction_stats',
  'opened_publications',
  'dev_sms',
  'dev_email',
];

describe.each(onBothReadStores('catalogue search', 'search'))('catalogue search on %s', (_name, env, run) => {
  const it = run ? global.it : global.it.skip;
  let t: TestApp;
  beforeAll(async () => {
    if (!run) return;
    t = await startTestApp({ seed: false, env });
    await createAgencyWithListings(t.ctx, 's', '01', PUBLICATIONS);
  });
  afterAll(async () => {
    if (run) await closeDroppingCollections(t, env, MONGO_COLLECTIONS);
  });

  type Item = { id: string; isTop: boolean; price: number };
  const search = async (body: object, status = 200, token?: string) => {
    const r = request(t.app).post('/api/publications').send(body);
    return (token ? r.set('Authorization', `Bearer ${token}`) : r).expect(status);
  };
  const ids = async (body: object) =>
    ((await search({ limit: 50, ...body })).body.data as Item[])
      .filter((p) => !p.isTop)
      .map((p) => p.id)
      .sort();
  const all = async (body: object) =>
    ((await search({ limit: 50, ...body })).body.data as Item[]).map((p) => p.id).sort();

  describe('each filter alone', () => {
    it('deal category (daily-rent and dailyRent alike)', async () => {
      expect(await all({ dealCategory: 'rent' })).toEqual(['d']);
      expect(await all({ dealCategory: 'daily-rent' })).toEqual(['e']);
      expect(await all({ dealCategory: 'dailyRent' })).toEqual(['e']);
    });

    it('location: a city, or all of Russia when null', async () => {
      expect(await all({ locationId: '2' })).toEqual(['c']);
      expect(await all({ cityId: '2' })).toEqual(['c']);
      expect((await all({ locationId: null })).length).toBe(10); // every published one outside the premium window
    });

    it('price: a lower bound, an upper bound, both, and several ranges; an empty bound is no bound', async () => {
      expect(await all({ price: [{ min: 15_000_000, max: null }] })).toEqual(['b', 'h']);
      expect(await all({ price: [{ min: null, max: 60_000 }] })).toEqual(['d', 'e']);
      expect(await all({ price: { min: 9_000_000, max: 10_000_000 } })).toEqual(['a', 'j']);
      expect(
        await all({
          price: [
            { min: 0, max: 5_000 },
            { min: 19_000_000, max: null },
          ],
        }),
      ).toEqual(['b', 'e']);
    });

    it('rooms, the largest value also meaning "or more"', async () => {
      expect(await all({ roomCount: [3] })).toEqual(['b']);
      expect(await all({ roomCount: [1, 3] })).toEqual(['b', 'c', 'd', 'e']);
      await search({ roomCount: [4] }, 404); // f has 5 rooms but is in its premium window
    });

    it('characteristics by range and by values; untouched ones ignored', async () => {
      expect(
        await all({ characteristicData: [{ cianName: 'TotalArea', minValue: 50, maxValue: null }] }),
      ).toEqual(['a', 'b']);
      expect(await all({ characteristicData: [{ cianName: 'FloorNumber', values: [5, 12] }] })).toEqual([
        'a',
        'b',
      ]);
      expect(
        await all({
          characteristicData: [
            { cianName: 'GuestsCount', values: [] },
            { cianName: 'FlatRoomsCount', values: ['3'] },
          ],
        }),
      ).toEqual(['b']);
    });

    it('address words, in any case', async () => {
      expect(await all({ searchAddress: 'тверская' })).toEqual(['a']);
      expect(await all({ searchAddress: 'ЛЕНИНСКИЙ 30' })).toEqual(['b']);
    });

    it('the minutes to the metro: on foot, or by any way', async () => {
      expect(await all({ roadToMetro: 1, notMoreMinutes: 10 })).toEqual(['a']);
      await search({ roadToMetro: 1, notMoreMinutes: 5 }, 404);
      expect(await all({ roadToMetro: 3, notMoreMinutes: 30 })).toEqual(['a', 'b']);
      expect(await all({ roadToMetro: 2, notMoreMinutes: 20 })).toEqual(['a']);
      expect(await all({ notMoreMinutes: 30 })).toEqual(['a', 'b']);
      const refused = await search({ roadToMetro: 4, notMoreMinutes: 0 }, 400);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['notMoreMinutes', 'roadToMetro']);
    });

    it('a geo point and radius', async () => {
      expect(await all({ geo_lat: CENTRE.lat, geo_lon: CENTRE.lon, radius: 2 })).toEqual(['a', 'g']);
      expect(await all({ geo_lat: CENTRE.lat, geo_lon: CENTRE.lon, radius: 30 })).toEqual(['a', 'b', 'g']);
    });

    it('the visible area of a map', async () => {
      const streets = { south: 55.74, west: 37.6, north: 55.76, east: 37.64 };
      expect(await all({ bounds: streets })).toEqual(['a', 'g']);
      // with a circle too: the listings in both
      expect(await all({ bounds: streets, geo_lat: CENTRE.lat, geo_lon: CENTRE.lon, radius: 0.05 })).toEqual([
        'a',
      ]);
    });

    it('the map: groups of the area by the zoom, a lone listing with its id, as many as the count', async () => {
      const moscow = { south: 55.4, west: 37, north: 56.1, east: 38.2 };
      const map = async (body: object) => {
        const res = await request(t.app).post('/api/publications/map').send(body).expect(200);
        return mapAnswer.parse(res.body).data;
      };
      const far = await map({ dealCategory: 'sale', bounds: moscow, zoom: 10 });
      expect(far.total).toBe(3);
      expect(far.clusters.map((c) => [c.count, c.publicationId]).sort()).toEqual([
        [1, 'b'],
        [2, null],
      ]);
      const near = await map({ dealCategory: 'sale', bounds: moscow, zoom: 18 });
      expect(near.clusters.map((c) => c.publicationId).sort()).toEqual(['a', 'b', 'g']);
      const count = await request(t.app)
        .post('/api/publications/count')
        .send({ dealCategory: 'sale', bounds: moscow })
        .expect(200);
      expect(count.body.data.publicationCount).toBe(3);
      expect((await map({ dealCategory: 'rent', bounds: moscow, zoom: 10 })).clusters).toEqual([]);
    });

    it('the map refuses an area upside down, a zoom out of range and no area, with field errors', async () => {
      const refused = async (body: object) =>
        (await request(t.app).post('/api/publications/map').send(body).expect(400)).body;
      const moscow = { south: 55.4, west: 37, north: 56.1, east: 38.2 };
      expect((await refused({ bounds: { ...moscow, south: 57 }, zoom: 10 })).errors).toEqual({
        'bounds.south': ['Южная граница севернее северной'],
      });
      expect(await refused({ bounds: moscow, zoom: 21 })).toMatchObject({ errorCode: 1 });
      expect((await refused({ zoom: 10 })).errors).toHaveProperty('bounds');
    });

    it('a residential complex, and new builds as a category', async () => {
      expect(await all({ residentialComplexId: 'rc-1' })).toEqual(['k']);
      expect(await all({ dealCategory: 'new-buildings' })).toEqual(['k']);
    });

    it('daily rent: guests that fit, and dates that are free', async () => {
      expect(await all({ dealCategory: 'dailyRent', adultCount: 2, childCount: 2 })).toEqual(['e']);
      await search({ dealCategory: 'dailyRent', adultCount: 5 }, 404);
      expect(await all({ dealCategory: 'dailyRent', dates: ['2030-01-10', '2030-01-12'] })).toEqual(['e']);
      // the calendar (a later slice) keeps busy nights on the listing; one overlapping night hides it
      await t.ctx.readStore
        .collection(CATALOGUE)
        .updateOne({ _id: 'e' }, { $set: { busyRanges: [{ start: '2030-01-11', end: '2030-01-13' }] } });
      await search(
        { dealCategory: 'dailyRent', dates: { startDate: '2030-01-10', endDate: '2030-01-12' } },
        404,
      );
      expect(await all({ dealCategory: 'dailyRent', dates: ['2030-01-13', '2030-01-15'] })).toEqual(['e']);
      expect(await all({ dealCategory: 'dailyRent', dates: ['2030-01-08', '2030-01-11'] })).toEqual(['e']);
    });
  });

  describe('filters combined', () => {
    it('deal, city, price and rooms together', async () => {
      expect(
        await all({
          dealCategory: 'sale',
          locationId: '1',
          price: [{ min: 9_000_000, max: 13_000_000 }],
          roomCount: [2],
        }),
      ).toEqual(['a', 'g', 'i', 'j', 'k']);
      await search({ dealCategory: 'sale', locationId: '2', roomCount: [2] }, 404);
    });

    it('geo with price and area', async () => {
      expect(
        await all({
          geo_lat: CENTRE.lat,
          geo_lon: CENTRE.lon,
          radius: 30,
          price: [{ min: 11_000_000 }],
          characteristicData: [{ cianName: 'TotalArea', minValue: 50 }],
        }),
      ).toEqual(['b']);
    });
  });

  describe('sorting and paging', () => {
    it('sorts by price both ways and by date', async () => {
      const prices = (
        (await search({ dealCategory: 'sale', sortByPrice: 'ASC', limit: 50 })).body.data as Item[]
      )
        .filter((p) => !p.isTop)
        .map((p) => p.price);
      expect(prices).toEqual([...prices].sort((x, y) => x - y));
      const byDate = await ids({
        sortByDate: true,
        orderData: 'DESC',
        dealCategory: 'sale',
        locationId: '2',
      });
      expect(byDate).toEqual(['c']);
      const desc = (
        (await search({ dealCategory: 'sale', sortByDate: 'DESC', limit: 50, price: [{ max: 10_000_000 }] }))
          .body.data as Item[]
      ).map((p) => p.id);
      expect(desc.filter((id) => ['c', 'a'].includes(id))).toEqual(['c', 'a']);
    });

    it('pages from 1 with the spec’s meta, an empty page past the end, and refuses bad pages', async () => {
      const first = await search({ dealCategory: 'rent', limit: 1, offset: 1 });
      expect(first.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 1, total: 1 });
      const past = await search({ dealCategory: 'rent', limit: 1, offset: 2 });
      expect(past.body).toEqual({ data: [], meta: { current_page: 2, last_page: 1, per_page: 1, total: 1 } });
      for (const bad of [{ offset: 0 }, { limit: 0 }, { limit: 101 }, { offset: 1.5 }]) {
        const res = await search(bad, 400);
        expect(res.body.errorCode).toBe(1);
      }
      const defaults = await search({ dealCategory: 'sale' });
      expect(defaults.body.meta.per_page).toBe(20);
    });

    it('refuses contradictory bounds and unknown characteristics with field errors', async () => {
      expect((await search({ price: [{ min: 10, max: 5 }] }, 400)).body.errors).toEqual({
        'price.0.min': ['Цена «от» больше цены «до»'],
      });
      expect(
        (await search({ characteristicData: [{ cianName: 'Balcony', values: [1] }] }, 400)).body.errors,
      ).toEqual({ 'characteristicData.0.cianName': ['Фильтр «Balcony» не поддерживается'] });
      expect((await search({ geo_lat: 55.7 }, 400)).body.errors).toHaveProperty('geo_lat');
    });

    it('answers errorCode 34 when nothing matches, and the count call 0', async () => {
      expect((await search({ locationId: '9' }, 404)).body).toEqual({
        errorCode: 34,
        message: 'Объявления не найдены',
      });
      const count = await request(t.app)
        .post('/api/publications/count')
        .send({ locationId: '9' })
        .expect(200);
      expect(count.body).toEqual({ data: { publicationCount: 0 } });
    });
  });

  describe('top places', () => {
    it('puts up to three promoted listings first, last and in the middle, without repeating them', async () => {
      const limit = 4;
      const page = (await search({ dealCategory: 'sale', limit, sortByPrice: 'ASC' })).body.data as Item[];
      const regular = page.filter((p) => !p.isTop).length;
      expect(page.filter((p) => p.isTop)).toHaveLength(3);
      expect(new Set(page.map((p) => p.id)).size).toBe(page.length);
      // position type 3 first, then 2 at the end, then 1 in the middle (half the limit, after the first top)
      expect(page[0]).toMatchObject({ id: 'g', isTop: true });
      expect(page[page.length - 1]).toMatchObject({ id: 'i', isTop: true });
      expect(page[1 + Math.min(limit / 2, regular)]).toMatchObject({ id: 'h', isTop: true });
    });

    it('gives the others their turn on the next page', async () => {
      const first = ((await search({ dealCategory: 'sale', limit: 4, offset: 1 })).body.data as Item[])
        .filter((p) => p.isTop)
        .map((p) => p.id);
      const second = ((await search({ dealCategory: 'sale', limit: 4, offset: 2 })).body.data as Item[])
        .filter((p) => p.isTop)
        .map((p) => p.id);
      expect(new Set([...first, ...second])).toEqual(new Set(['g', 'h', 'i', 'j']));
    });

    it('only from listings that match the filter', async () => {
      expect(
        ((await search({ dealCategory: 'sale', locationId: '2' })).body.data as Item[]).some((p) => p.isTop),
      ).toBe(false);
    });
  });

  describe('the premium window', () => {
    it('hides a listing in its first three days from everyone but premium users', async () => {
      expect(await all({ roomCount: [5] }).catch(() => [])).toEqual([]);
      await search({ roomCount: [5] }, 404);
      const count = async (token?: string) => {
        const r = request(t.app)
          .post('/api/publications/count')
          .send({ dealCategory: 'sale', locationId: '1' });
        return (await (token ? r.set('Authorization', `Bearer ${token}`) : r).expect(200)).body.data
          .publicationCount;
      };
      expect(await count()).toBe(7);

      const { ownerPhone } = await createAgency(t.ctx, 'p', '02');
      const token = await signIn(t, ownerPhone);
      expect(await count(token)).toBe(7); // not premium yet
      const result = await handleUser(t.ctx.eventStore, 'owner-p', {
        type: 'ExtendPremium',
        days: 30,
        now: t.clock.now(),
      });
      await t.ctx.projections.whenCaughtUp(result.position);
      expect(await count(token)).toBe(8);
      expect(((await search({ roomCount: [5] }, 200, token)).body.data as Item[]).map((p) => p.id)).toEqual([
        'f',
      ]);

      // three days on, everybody sees it
      t.clock.advance(2 * 24 * 3600_000 + 60_000);
      expect(await count()).toBe(8);
    });
  });
});
