import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type ReadStore } from './port';
import { getPath } from './values';
import { seededRandom as random } from '../seededRandom';

export type ReadStoreFactory = () => ReadStore | Promise<ReadStore>;

type Publication = Doc & {
  category?: string;
  city?: string;
  price?: number;
  rooms?: number;
  createdAt?: string;
  publishedAt?: string | null;
  stamp?: string;
  floor?: unknown;
  district?: string | null;
  tags?: string[];
  address?: { city: string; street?: string };
};

/**
 * The MongoDB semantics every read-store adapter must show. Collection names are random, so the
 * suite can run against a shared server; each test drops what it made.
 */
export function readStoreContract(adapterName: string, makeStore: ReadStoreFactory) {
  describe(`read store contract: ${adapterName}`, () => {
    let store: ReadStore;
    const made: Collection<Publication>[] = [];
    const collection = () => {
      const c = store.collection<Publication>(`contract_${randomUUID().replace(/-/g, '')}`);
      made.push(c);
      return c;
    };
    beforeAll(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      for (const c of made.splice(0)) await c.drop();
    });
    afterAll(async () => {
      await store.close();
    });

    const seed = async (c: Collection<Publication>) => {
      await c.insertOne({
        _id: 'a',
        category: 'sale',
        city: 'msk',
        price: 300,
        rooms: 2,
        tags: ['new'],
        address: { city: 'Москва', street: 'Тверская' },
      });
      await c.insertOne({
        _id: 'b',
        category: 'sale',
        city: 'spb',
        price: 100,
        rooms: 1,
        tags: [],
        address: { city: 'Санкт-Петербург' },
      });
      await c.insertOne({
        _id: 'c',
        category: 'rent',
        city: 'msk',
        price: 200,
        rooms: 3,
        tags: ['new', 'top'],
        address: { city: 'Москва' },
      });
      await c.insertOne({ _id: 'd', category: 'rent', city: 'kzn', rooms: 1, address: { city: 'Казань' } });
    };
    const ids = (docs: Doc[]) => docs.map((d) => d._id);
    /** scanNumbers' batches as rows of [id, ...numbers] by id, and the same rows made from find's documents */
    const numbers = async (c: Collection<Publication>, filter: Filter, fields: string[]) => {
      const rows: (string | number)[][] = [];
      await c.scanNumbers(filter, fields, ({ count, values, id }) => {
        expect(values).toHaveLength(fields.length);
        for (let k = 0; k < count; k++) rows.push([id(k), ...values.map((v) => v[k])]);
      });
      return rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    };
    const numbersOfDocuments = async (c: Collection<Publication>, filter: Filter, fields: string[]) =>
      (await c.find(filter, { sort: { _id: 1 } })).map((d) => [
        d._id,
        ...fields.map((f) => {
          const value = getPath(d, f);
          return typeof value === 'number' ? value : NaN;
        }),
      ]);

    it('finds by equality, $in, ranges, $ne, $exists, $or, $regex, dotted paths and array membership', async () => {
      const c = collection();
      await seed(c);
      expect(ids(await c.find({ category: 'sale' }, { sort: { _id: 1 } }))).toEqual(['a', 'b']);
      expect(ids(await c.find({ city: { $in: ['spb', 'kzn'] } }, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
      expect(ids(await c.find({ price: { $gte: 150, $lte: 300 } }, { sort: { _id: 1 } }))).toEqual([
        'a',
        'c',
      ]);
      expect(ids(await c.find({ city: { $ne: 'msk' } }, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
      expect(ids(await c.find({ price: { $exists: false } }))).toEqual(['d']);
      expect(ids(await c.find({ $or: [{ rooms: 3 }, { city: 'spb' }] }, { sort: { _id: 1 } }))).toEqual([
        'b',
        'c',
      ]);
      expect(ids(await c.find({ 'address.street': { $regex: '^тве', $options: 'i' } }))).toEqual(['a']);
      expect(ids(await c.find({ 'address.city': 'Москва' }, { sort: { _id: 1 } }))).toEqual(['a', 'c']);
      expect(ids(await c.find({ tags: 'top' }))).toEqual(['c']);
      expect(ids(await c.find({ tags: { $ne: 'new' } }, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
      expect(ids(await c.find({ tags: { $in: ['top', 'none'] } }))).toEqual(['c']);
      expect(ids(await c.find({ $and: [{ category: 'rent' }, { price: { $lt: 1000 } }] }))).toEqual(['c']);
      expect(await c.findOne({ _id: 'zzz' })).toBeNull();
    });

    it('sorts ascending and descending (missing values first ascending), by several keys, and pages', async () => {
      const c = collection();
      await seed(c);
      expect(ids(await c.find({}, { sort: { price: 1 } }))).toEqual(['d', 'b', 'c', 'a']);
      expect(ids(await c.find({}, { sort: { price: -1 } }))).toEqual(['a', 'c', 'b', 'd']);
      expect(ids(await c.find({}, { sort: { city: 1, price: -1 } }))).toEqual(['d', 'a', 'c', 'b']);
      expect(ids(await c.find({}, { sort: { price: -1 }, skip: 1, limit: 2 }))).toEqual(['c', 'b']);
      expect(await c.countDocuments({ category: 'rent' })).toBe(2);
      expect(await c.countDocuments()).toBe(4);
    });

    it('projects by inclusion and by exclusion', async () => {
      const c = collection();
      await seed(c);
      expect(await c.findOne({ _id: 'a' }, { projection: { price: 1 } })).toEqual({ _id: 'a', price: 300 });
      const without = await c.findOne({ _id: 'b' }, { projection: { address: 0, tags: 0 } });
      expect(without).toEqual({ _id: 'b', category: 'sale', city: 'spb', price: 100, rooms: 1 });
    });

    it('updates with $set, $inc, $unset, $push, $pull, $addToSet and reports counts', async () => {
      const c = collection();
      await seed(c);
      expect(
        await c.updateOne(
          { _id: 'a' },
          { $set: { price: 310, 'address.street': 'Арбат' }, $inc: { rooms: 1 } },
        ),
      ).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await c.findOne({ _id: 'a' })).toMatchObject({
        price: 310,
        rooms: 3,
        address: { city: 'Москва', street: 'Арбат' },
      });
      await c.updateOne({ _id: 'a' }, { $unset: { price: '' }, $push: { tags: 'hot' } });
      await c.updateOne({ _id: 'd' }, { $push: { tags: 'first' } });
      expect((await c.findOne({ _id: 'd' }))!.tags).toEqual(['first']);
      await c.updateOne({ _id: 'c' }, { $pull: { tags: 'new' } });
      await c.updateOne({ _id: 'c' }, { $addToSet: { tags: 'top' } });
      expect(await c.findOne({ _id: 'a' })).not.toHaveProperty('price');
      expect((await c.findOne({ _id: 'a' }))!.tags).toEqual(['new', 'hot']);
      expect((await c.findOne({ _id: 'c' }))!.tags).toEqual(['top']);
      expect(await c.updateMany({ category: 'sale' }, { $set: { city: 'nsk' } })).toMatchObject({
        matchedCount: 2,
        modifiedCount: 2,
      });
      expect(await c.updateOne({ _id: 'b' }, { $set: { city: 'nsk' } })).toMatchObject({
        matchedCount: 1,
        modifiedCount: 0,
      });
      expect(await c.updateOne({ _id: 'none' }, { $set: { city: 'nsk' } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
    });

    it('upserts from the filter’s equalities, applying $setOnInsert only when it inserts', async () => {
      const c = collection();
      const first = await c.updateOne(
        { _id: 'x', category: 'sale' },
        { $inc: { views: 1 }, $setOnInsert: { createdAt: '2026-01-01' } },
        { upsert: true },
      );
      expect(first.upsertedId).toBe('x');
      await c.updateOne(
        { _id: 'x', category: 'sale' },
        { $inc: { views: 1 }, $setOnInsert: { createdAt: '2030-01-01' } },
        { upsert: true },
      );
      expect(await c.findOne({ _id: 'x' })).toEqual({
        _id: 'x',
        category: 'sale',
        views: 2,
        createdAt: '2026-01-01',
      });
    });

    it('refuses a guarded upsert of a document that is already at a later revision (E11000)', async () => {
      const c = collection();
      await c.insertOne({ _id: 'p', revision: 7, price: 1 });
      await expect(
        c.updateOne(
          { _id: 'p', revision: { $lt: 5 } },
          { $set: { revision: 5, price: 2 } },
          { upsert: true },
        ),
      ).rejects.toMatchObject({ code: 11000 });
      expect(await c.findOne({ _id: 'p' })).toMatchObject({ revision: 7, price: 1 });
    });

    it('replaces, deletes and counts what it deleted', async () => {
      const c = collection();
      await seed(c);
      expect(await c.replaceOne({ _id: 'b' }, { _id: 'b', category: 'rent' })).toMatchObject({
        matchedCount: 1,
      });
      expect(await c.findOne({ _id: 'b' })).toEqual({ _id: 'b', category: 'rent' });
      await c.replaceOne({ _id: 'n' }, { _id: 'n', category: 'sale' }, { upsert: true });
      expect(await c.countDocuments({ category: 'sale' })).toBe(2);
      expect(await c.deleteOne({ category: 'rent' })).toEqual({ deletedCount: 1 });
      expect(await c.deleteMany({ category: 'rent' })).toEqual({ deletedCount: 2 });
      expect(await c.deleteMany({})).toEqual({ deletedCount: 2 });
      expect(await c.countDocuments()).toBe(0);
    });

    it('applies a bulk write in order and counts each kind of change', async () => {
      const c = collection();
      await seed(c);
      const result = await c.bulkWrite([
        { insertOne: { document: { _id: 'e', category: 'sale', price: 50 } } },
        { updateOne: { filter: { _id: 'e' }, update: { $inc: { price: 5 } } } },
        { updateMany: { filter: { category: 'rent' }, update: { $set: { city: 'ekb' } } } },
        { updateOne: { filter: { _id: 'f' }, update: { $set: { price: 1 } }, upsert: true } },
        { deleteOne: { filter: { _id: 'a' } } },
        { deleteMany: { filter: { city: 'ekb' } } },
      ]);
      expect(result).toEqual({
        insertedCount: 1,
        matchedCount: 3,
        modifiedCount: 3,
        deletedCount: 3,
        upsertedCount: 1,
      });
      expect(ids(await c.find({}, { sort: { _id: 1 } }))).toEqual(['b', 'e', 'f']);
      expect((await c.findOne({ _id: 'e' }))!.price).toBe(55);
    });

    it('refuses a duplicate _id and a duplicate key of a unique index', async () => {
      const c = collection();
      await c.createIndex({ key: { city: 1 }, unique: true });
      await c.insertOne({ _id: 'a', city: 'msk' });
      await expect(c.insertOne({ _id: 'a', city: 'spb' })).rejects.toMatchObject({ code: 11000 });
      await expect(c.insertOne({ _id: 'b', city: 'msk' })).rejects.toMatchObject({ code: 11000 });
      await c.insertOne({ _id: 'c', city: 'spb' });
      await expect(c.updateOne({ _id: 'c' }, { $set: { city: 'msk' } })).rejects.toMatchObject({
        code: 11000,
      });
      expect(await c.countDocuments()).toBe(2);
      expect(new DuplicateKeyError('x', 1).code).toBe(11000);
    });

    it('aggregates with $match, $group, $sort and $project', async () => {
      const c = collection();
      await seed(c);
      const rows = await c.aggregate([
        { $match: { price: { $exists: true } } },
        { $group: { _id: '$category', total: { $sum: '$price' }, count: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, category: '$_id', total: 1, count: 1 } },
      ]);
      expect(rows).toEqual([
        { category: 'sale', total: 400, count: 2 },
        { category: 'rent', total: 200, count: 1 },
      ]);
    });

    it('keeps what is stored whatever a reader does with a result (a copy, or a frozen document)', async () => {
      const c = collection();
      await seed(c);
      for (const read of [
        () => c.findOne({ _id: 'a' }),
        async () => (await c.find({ _id: 'a' }, { projection: { address: 1, tags: 1 } }))[0],
      ]) {
        const doc = (await read())!;
        try {
          doc.address!.city = 'Тула';
          doc.tags!.push('changed');
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError); // the embedded store hands out its frozen documents
        }
        expect(await c.findOne({ _id: 'a' })).toMatchObject({ address: { city: 'Москва' }, tags: ['new'] });
      }
    });

    it('finds the ends of a range exactly, on bounds equal to stored numbers and timestamps', async () => {
      const plain = collection();
      const indexed = collection();
      await indexed.createIndex({ key: { category: 1, price: 1 } });
      await indexed.createIndex({ key: { category: 1, createdAt: -1 } });
      const at = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toISOString();
      for (let i = 0; i < 200; i++) {
        const doc: Publication = {
          _id: `r${i}`,
          category: 'sale',
          price: (i * 7) % 40,
          createdAt: at((i * 5) % 24),
        };
        await plain.insertOne(doc);
        await indexed.insertOne(doc);
      }
      const bounds = [
        ...[0, 13, 20, 39, 40].flatMap((n) => [
          { price: { $gte: n } },
          { price: { $gt: n } },
          { price: { $lte: n } },
          { price: { $lt: n } },
          { price: { $gte: n, $lt: n + 5 } },
        ]),
        ...[0, 7, 23].flatMap((h) => [
          { createdAt: { $gte: at(h) } },
          { createdAt: { $gt: at(h) } },
          { createdAt: { $lte: at(h) } },
          { createdAt: { $lt: at(h) } },
        ]),
        { createdAt: { $gte: '2026-01-01T1' } },
        { price: { $gte: '5' } },
      ];
      for (const bound of bounds) {
        const filter = { category: 'sale', ...bound };
        expect(await indexed.countDocuments(filter)).toBe(await plain.countDocuments(filter));
        expect(await indexed.find(filter, { sort: { _id: 1 } })).toEqual(
          await plain.find(filter, { sort: { _id: 1 } }),
        );
      }
    });

    it('reads the numbers of some fields of every match, as its documents hold them, NaN for anything else', async () => {
      const plain = collection();
      const indexed = collection();
      await indexed.createIndex({ key: { category: 1, price: 1 } });
      // more than a batch of a store's visits, in a bucket and in all
      const docs: Publication[] = [];
      for (let i = 0; i < 4500; i++) {
        docs.push({
          _id: `n${String(i).padStart(4, '0')}`,
          category: ['sale', 'sale', 'rent', 'dailyRent'][i % 4],
          // no price, a null one (NaN both), or a number
          ...(i % 13 === 0 ? {} : { price: (i % 7 === 0 ? null : (i * 13) % 500) as number }),
          rooms: i % 5 === 0 ? 3 : i % 4,
          floor: i % 11 === 0 ? '5' : i % 17 === 0 ? [1, 2] : i % 6,
          address: { city: 'Москва', ...(i % 2 ? { street: 'Тверская' } : {}) },
        });
      }
      for (const c of [plain, indexed])
        await c.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
      const fields = ['price', 'rooms', 'floor', 'address.city'];
      for (const filter of [
        {},
        { category: 'sale' },
        { category: 'sale', price: { $gte: 100, $lt: 300 } },
        { category: { $in: ['sale', 'rent'] }, rooms: { $gte: 2 }, floor: { $ne: 3 } },
        { category: 'rent', price: null },
        { category: 'rent', 'address.street': { $regex: 'тверская', $options: 'i' } },
        { _id: { $in: ['n0001', 'n0002', 'n9999'] } },
        { category: 'nothing' },
      ]) {
        const expected = await numbersOfDocuments(plain, filter, fields);
        expect(await numbers(plain, filter, fields)).toEqual(expected);
        expect(await numbers(indexed, filter, fields)).toEqual(expected);
      }
    });

    it('sorts by an equality field of an index, then its sorted key, group after group', async () => {
      const plain = collection();
      const indexed = collection();
      await indexed.createIndex({ key: { category: 1, createdAt: -1 } });
      for (let i = 0; i < 300; i++) {
        const doc: Publication = {
          _id: `s${i}`,
          category: ['sale', 'rent', 'dailyRent'][i % 3],
          createdAt: `2026-01-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
        };
        await plain.insertOne(doc);
        await indexed.insertOne(doc);
      }
      for (const direction of [1, -1] as const) {
        const filter = { category: { $in: ['sale', 'rent'] } };
        const options = {
          sort: { category: direction, createdAt: -1 as const, _id: 1 as const },
          skip: 95,
          limit: 20,
        };
        const found = await indexed.find(filter, options);
        expect(found).toEqual(await plain.find(filter, options));
        // the page crosses from the first category to the second
        expect(new Set(found.map((d) => d.category)).size).toBe(2);
      }
    });

    it('reads every write at once in a big bucket: updated, inserted, deleted and moved documents', async () => {
      const next = random(16);
      const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
      const plain = collection();
      const indexed = collection();
      await indexed.createIndex({ key: { category: 1, price: 1 } });
      await indexed.createIndex({ key: { category: 1, publishedAt: -1 } });
      const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString();
      const districts = ['north', 'south', 'centre'];
      // one bucket far above the size where the embedded store reads columns instead of documents
      for (let i = 0; i < 200; i++) {
        const doc: Publication = {
          _id: `b${i}`,
          category: i % 10 === 0 ? 'rent' : 'sale',
          price: Math.floor(next() * 1000),
          rooms: 1 + Math.floor(next() * 4),
          publishedAt: day(Math.floor(next() * 100)),
          district: pick(districts),
        };
        await plain.insertOne(doc);
        await indexed.insertOne(doc);
      }
      // the key last written: a range's ends on it must fall where the written document is
      let written = { price: 0, publishedAt: day(0) };
      const queries = (): Record<string, unknown>[] => {
        const from = Math.floor(next() * 700);
        return [
          { category: 'sale', price: { $gte: written.price, $lte: written.price + 1 } },
          { category: 'sale', price: { $gt: written.price } },
          { category: 'sale', publishedAt: { $gte: written.publishedAt } },
          { category: 'sale', publishedAt: { $lt: written.publishedAt } },
          { category: 'sale', price: { $gte: from, $lt: from + 300 }, rooms: { $in: [2, 3] } },
          {
            category: 'sale',
            publishedAt: { $gte: day(Math.floor(next() * 100)) },
            district: pick(districts),
          },
          { category: 'sale', rooms: { $gte: 3 }, price: { $lte: from } },
          { category: { $in: ['sale', 'rent'] }, district: { $ne: 'north' }, publishedAt: { $lt: day(60) } },
          { category: 'sale', publishedAt: { $lte: '2026-02' } },
          // the same every time: the answers a store remembers must follow the writes that change them
          { category: 'sale', rooms: 2 },
          { category: 'rent', price: { $gte: 100 } },
          { category: 'sale', district: 'north' },
        ];
      };
      // the plain collection is asked a filter never asked before (no _id is 'never…'), so no answer it
      // remembers can hide one the indexed collection should not remember
      let asked = 0;
      const fresh = (filter: Filter) => ({ ...filter, _id: { $ne: `never${asked++}` } });
      const compare = async () => {
        for (const filter of queries()) {
          const options = { sort: { price: -1 as const, _id: 1 as const }, limit: 15 };
          const byDate = { sort: { publishedAt: -1 as const, _id: 1 as const }, limit: 10 };
          expect(await indexed.countDocuments(filter)).toBe(await plain.countDocuments(fresh(filter)));
          expect(await indexed.find(filter, options)).toEqual(await plain.find(fresh(filter), options));
          expect(await indexed.findPage(filter, byDate)).toEqual(await plain.findPage(fresh(filter), byDate));
          expect(await numbers(indexed, filter, ['price', 'rooms'])).toEqual(
            await numbersOfDocuments(plain, filter, ['price', 'rooms']),
          );
        }
      };
      await compare();
      for (let i = 0; i < 64; i++) {
        const id = `b${Math.floor(next() * 200)}`;
        const change = i % 8;
        written = {
          price: change === 3 ? i : (i * 37) % 1000,
          publishedAt: day(change === 3 ? i % 90 : i % 100),
        };
        const write = async (c: Collection<Publication>) => {
          // in place (no indexed key moves), across the key, a new one, gone, into another bucket and back
          if (change === 0)
            await c.updateOne({ _id: id }, { $set: { rooms: 1 + (i % 4), district: 'east' } });
          else if (change === 1) await c.updateOne({ _id: id }, { $set: { price: (i * 37) % 1000 } });
          else if (change === 2) await c.updateOne({ _id: id }, { $set: { publishedAt: day(i % 100) } });
          else if (change === 3)
            await c.insertOne({
              _id: `n${i}`,
              category: 'sale',
              price: i,
              rooms: 2,
              publishedAt: day(i % 90),
            });
          else if (change === 4) await c.deleteOne({ _id: id });
          else if (change === 5)
            await c.updateOne({ _id: id }, { $set: { category: i % 16 === 5 ? 'rent' : 'sale' } });
          // values of another type (a list, too), or no longer timestamps, where the columns held numbers and timestamps
          else if (change === 6)
            await c.updateOne(
              { _id: id },
              {
                $set: { rooms: i % 16 === 6 ? '2' : null, district: i % 16 === 6 ? ['north', 'east'] : null },
              },
            );
          else await c.updateOne({ _id: id }, { $set: { publishedAt: i % 16 === 7 ? '2026-02' : null } });
        };
        await write(plain);
        await write(indexed);
        await compare();
      }
    }, 120_000); // thousands of round trips to a MongoDB (stand-in) on a busy machine

    it('answers every query the same with and without indexes, across random writes', async () => {
      const next = random(Number(process.env.CONTRACT_SEED ?? 42));
      const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
      const plain = collection();
      const indexed = collection();
      await indexed.createIndex({ key: { category: 1, city: 1, price: 1 } });
      await indexed.createIndex({ key: { category: 1, createdAt: -1 } });
      await indexed.createIndex({ key: { price: 1 } });
      await indexed.createIndex({ key: { category: 1, publishedAt: -1 } });
      await indexed.createIndex({ key: { city: 1, floor: 1 } });
      // every document has rooms and a timestamp: these buckets' keys are all numbers, or all timestamps
      await indexed.createIndex({ key: { city: 1, rooms: 1 } });
      await indexed.createIndex({ key: { city: 1, stamp: -1 } });
      const categories = ['sale', 'rent', 'dailyRent'];
      const cities = ['msk', 'spb', 'kzn', 'nsk', 'ekb'];
      const makeDoc = (i: number): Publication => ({
        _id: `d${i}`,
        category: pick(categories),
        city: pick(cities),
        ...(next() < 0.9 ? { price: Math.floor(next() * 1000) } : {}),
        rooms: 1 + Math.floor(next() * 5),
        createdAt: `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`,
        // an ISO timestamp or null; a field of mixed types (numbers, texts, lists, nothing)
        publishedAt:
          next() < 0.8
            ? new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 300) * 86_400_000).toISOString()
            : null,
        ...(next() < 0.8 ? { district: pick(['north', 'south', 'centre', null]) } : {}),
        stamp: new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 30) * 3_600_000).toISOString(),
        ...(next() < 0.9 ? { floor: pick<unknown>([1, 2, 3, 5, 9, '5', 'penthouse', [1, 2], null]) } : {}),
      });
      for (let i = 0; i < 1500; i++) {
        const doc = makeDoc(i);
        await plain.insertOne(doc);
        await indexed.insertOne(doc);
      }
      const compare = async () => {
        for (let q = 0; q < 60; q++) {
          const filter: Record<string, unknown> = {
            category: next() < 0.8 ? pick(categories) : { $in: [pick(categories), pick(categories)] },
          };
          if (next() < 0.3)
            filter.district = pick<unknown>([
              { $in: ['north', null] },
              { $ne: 'north' },
              'south',
              { $gte: 'n' },
              { $nin: ['centre', 'south'] },
              null,
            ]);
          if (next() < 0.7) filter.city = next() < 0.5 ? pick(cities) : { $in: [pick(cities), pick(cities)] };
          if (next() < 0.6)
            filter.price = {
              $gte: Math.floor(next() * 500),
              ...(next() < 0.5 ? { $lt: 500 + Math.floor(next() * 500) } : {}),
            };
          if (next() < 0.4)
            filter.rooms = pick<unknown>([{ $in: [1, 2] }, { $ne: 3 }, { $nin: [1, 5] }, { $gte: 4 }, 2]);
          if (next() < 0.2) filter.$or = [{ rooms: { $in: [1] } }, { rooms: { $gte: 4 } }];
          if (next() < 0.15) filter.price = pick<unknown>([null, { $ne: null }, { $in: [null, 100, 200] }]);
          const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(next() * 300) * 86_400_000).toISOString();
          if (next() < 0.4)
            filter.publishedAt = pick<unknown>([
              { $lte: day },
              { $gt: day },
              { $gte: day.slice(0, 7) },
              { $ne: null },
              null,
            ]);
          if (next() < 0.3)
            filter.createdAt = pick<unknown>([{ $gte: '2026-05' }, { $lt: '2026-03-15' }, { $gt: 5 }]);
          if (next() < 0.3)
            filter.floor = pick<unknown>([
              { $gte: 3 },
              { $lt: 'q' },
              5,
              '5',
              { $in: [1, 'penthouse'] },
              { $ne: 2 },
              null,
            ]);
          if (next() < 0.3)
            filter.stamp = pick<unknown>([
              { $gte: '2026-01-01T10:00:00.000Z' },
              { $lt: '2026-01-01T20:00:00.000Z', $gt: '2026-01-01T05:00:00.000Z' },
              { $lte: '2026-01-01T1' },
            ]);
          if (next() < 0.3) filter.rooms = pick<unknown>([{ $gte: 2, $lt: 4 }, { $gt: 3 }, { $lte: 2 }]);
          const sortKey = pick(['price', 'createdAt', 'publishedAt', 'floor', 'rooms', 'stamp']);
          // sometimes sorted first by an equality field of an index (its buckets read group after group)
          const leading: Record<string, 1 | -1> = next() < 0.3 ? { category: pick([1, -1] as const) } : {};
          const options = {
            sort: { ...leading, [sortKey]: pick([1, -1] as const), _id: pick([1, -1] as const) },
            skip: Math.floor(next() * 30),
            limit: 1 + Math.floor(next() * 40),
          };
          const expected = {
            items: await plain.find(filter, options),
            total: await plain.countDocuments(filter),
          };
          // every other query asks for the page with its total first, as a listing page does (the answers are then remembered)
          if (q % 2 === 0) expect(await indexed.findPage(filter, options)).toEqual(expected);
          expect(await indexed.find(filter, options)).toEqual(expected.items);
          expect(await indexed.countDocuments(filter)).toBe(expected.total);
          if (q % 2 === 1) expect(await indexed.findPage(filter, options)).toEqual(expected);
        }
      };
      await compare();
      for (let i = 0; i < 400; i++) {
        const id = `d${Math.floor(next() * 1600)}`;
        const change = next();
        for (const c of [plain, indexed]) {
          if (change < 0.3)
            await c.updateOne(
              { _id: id },
              { $set: { price: Math.floor(next() * 1000), city: pick(cities) } },
            );
          else if (change < 0.5)
            await c.updateOne(
              { _id: id },
              { $set: { rooms: 1 + Math.floor(next() * 5), floor: pick<unknown>([4, '4', null, [3]]) } },
            );
          else if (change < 0.7) await c.deleteOne({ _id: id });
          else
            await c.updateOne(
              { _id: id },
              { $set: { category: pick(categories) }, $unset: { price: '' } },
              { upsert: true },
            );
        }
        // each collection drew its own random values above: copy the plain one's document to keep them equal
        const truth = await plain.findOne({ _id: id });
        if (truth) await indexed.replaceOne({ _id: id }, truth, { upsert: true });
        else await indexed.deleteOne({ _id: id });
      }
      await compare();
    }, 120_000); // 3,000 inserts, 800 writes and 240 queries: round trips to a MongoDB (stand-in)
  });
}
