import { readStoreContract } from './contract';
import { MemoryReadStore, type DocumentSource } from './memory';
import type { Doc } from './port';
import { tuning } from './memoryPlan';

readStoreContract('memory (mingo, declared indexes)', () => new MemoryReadStore());

describe('with columns even for the smallest buckets', () => {
  beforeAll(() => (tuning.smallRun = 0));
  afterAll(() => (tuning.smallRun = 48));
  readStoreContract('memory, columns everywhere', () => new MemoryReadStore());
});

describe('embedded read store specifics', () => {
  it('serves an equality-then-range query from its index without scanning the collection', async () => {
    const store = new MemoryReadStore();
    const c = store.collection('listings');
    await c.createIndex({ key: { category: 1, city: 1, price: 1 } });
    const categories = ['sale', 'rent', 'dailyRent'];
    const cities = ['msk', 'spb', 'kzn', 'nsk', 'ekb'];
    for (let i = 0; i < 50_000; i++)
      await c.insertOne({
        _id: `d${i}`,
        category: categories[i % 3],
        city: cities[i % 5],
        price: (i * 7919) % 100_000,
      });
    const found = await c.find(
      { category: 'sale', city: 'spb', price: { $gte: 10_000, $lte: 60_000 } },
      { sort: { price: 1 }, limit: 20 },
    );
    expect(found).toHaveLength(20);
    expect(c.lastQueryStats.index).toBe('category_1_city_1_price_1');
    expect(c.lastQueryStats.examined).toBeLessThan(100);
    const prices = found.map((d) => d.price as number);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(prices[0]).toBeGreaterThanOrEqual(10_000);
  });
});

describe('indexes deferred through a replay', () => {
  const write = async (store: MemoryReadStore, i: number) => {
    const c = store.collection('listings');
    await c.insertOne({ _id: `d${i}`, category: ['sale', 'rent'][i % 2], price: (i * 37) % 1000, status: 2 });
    if (i % 3 === 0) await c.updateOne({ _id: `d${i}` }, { $set: { status: 1, price: (i * 53) % 1000 } });
    if (i % 10 === 0) await c.deleteOne({ _id: `d${i - 5}` });
  };
  const query = (store: MemoryReadStore) =>
    store
      .collection('listings')
      .find(
        { status: 1, category: 'sale', price: { $gte: 200, $lt: 700 } },
        { sort: { price: -1, _id: 1 }, limit: 30 },
      );

  it('answers as a store that kept its indexes, after the replay and when read in the middle of it', async () => {
    const kept = new MemoryReadStore();
    const deferred = new MemoryReadStore();
    const deferredToTheEnd = new MemoryReadStore();
    for (const store of [kept, deferred, deferredToTheEnd]) {
      await store.collection('listings').createIndex({ key: { status: 1, category: 1, price: 1 } });
      await store.collection('listings').createIndex({ key: { category: 1 }, unique: false });
    }
    deferred.deferIndexes();
    deferredToTheEnd.deferIndexes();
    for (let i = 0; i < 600; i++)
      for (const store of [kept, deferred, deferredToTheEnd]) await write(store, i);
    // a read that needs an index in the middle of the replay rebuilds them, and writes keep them from then on
    expect(await query(deferred)).toEqual(await query(kept));
    expect(deferred.collection('listings').lastQueryStats.index).toBe('status_1_category_1_price_1');
    for (let i = 600; i < 1200; i++)
      for (const store of [kept, deferred, deferredToTheEnd]) await write(store, i);
    deferred.resumeIndexes();
    deferredToTheEnd.resumeIndexes();
    expect(await query(deferred)).toEqual(await query(kept));
    expect(await query(deferredToTheEnd)).toEqual(await query(kept));
    expect(await deferred.collection('listings').countDocuments({ status: 1, category: 'rent' })).toBe(
      await kept.collection('listings').countDocuments({ status: 1, category: 'rent' }),
    );
  });

  it('still refuses a duplicate key of a unique index while deferred', async () => {
    const store = new MemoryReadStore();
    await store.collection('users').createIndex({ key: { phone: 1 }, unique: true });
    store.deferIndexes();
    await store.collection('users').insertOne({ _id: 'a', phone: '79990000001' });
    await expect(store.collection('users').insertOne({ _id: 'b', phone: '79990000001' })).rejects.toThrow(
      /duplicate key/,
    );
  });
});

describe('a collection loaded from a snapshot when first used', () => {
  type Batches = { name: string; batches: Doc[][]; fail?: Error };
  /** A source that notes each batch it hands over, and waits a turn of the event loop between them, as a file's does. */
  function source({ name, batches, fail }: Batches, log: string[]): DocumentSource<Doc> {
    return async function* read() {
      for (const [i, batch] of batches.entries()) {
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`${name} ${i}`);
        yield batch;
      }
      if (fail) throw fail;
    };
  }
  const docs = (prefix: string, count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => ({
      _id: `${prefix}${from + i}`,
      city: (from + i) % 2 ? 'msk' : 'spb',
      price: from + i,
    }));

  it('Given documents to load later and an index declared meanwhile, When first read, Then it answers from them through the index', async () => {
    const store = new MemoryReadStore();
    const log: string[] = [];
    const listings = store.collection('listings');
    listings.loadLater(source({ name: 'listings', batches: [docs('a', 3), docs('a', 3, 3)] }, log), 6);
    await listings.createIndex({ key: { city: 1, price: 1 } });

    expect(log).toEqual([]);
    expect(listings.pending).toBe(true);
    expect(await listings.estimatedCount()).toBe(6); // the metrics' estimate does not load it
    expect(log).toEqual([]);
    const found = await listings.find({ city: 'msk' }, { sort: { price: -1 } });

    expect(found.map((d) => d._id)).toEqual(['a5', 'a3', 'a1']);
    expect(listings.lastQueryStats.index).toBe('city_1_price_1');
    expect(listings.pending).toBe(false);
    expect(log).toEqual(['listings 0', 'listings 1']);
  });

  it('Given writes after the load and before any read, Then reads through each index answer as a collection built write by write', async () => {
    const loaded = new MemoryReadStore().collection('listings');
    const built = new MemoryReadStore().collection('listings');
    loaded.loadLater(source({ name: 'listings', batches: [docs('a', 50), docs('a', 50, 50)] }, []), 100);
    for (const c of [loaded, built]) {
      await c.createIndex({ key: { city: 1, price: 1 } });
      await c.createIndex({ key: { price: 1 } });
      await c.createIndex({ key: { city: 1, _id: 1 }, unique: true });
    }
    for (const doc of docs('a', 100)) await built.insertOne(doc);

    for (const c of [loaded, built]) {
      await c.updateMany({ price: { $gte: 90 } }, { $set: { city: 'kzn' } });
      await c.deleteOne({ _id: 'a3' });
      await c.insertOne({ _id: 'b', city: 'msk', price: 7 });
      await expect(c.insertOne({ _id: 'b2', city: 'msk', price: 7 })).resolves.toBeUndefined();
    }
    const reads = async (c: typeof loaded) => [
      await c.find({ city: 'msk', price: { $lt: 20 } }, { sort: { price: 1 } }),
      c.lastQueryStats.index,
      await c.find({ price: { $gte: 85 } }, { sort: { price: -1 }, limit: 10 }),
      c.lastQueryStats.index,
      await c.countDocuments({ city: 'kzn' }),
    ];

    expect(await reads(loaded)).toEqual(await reads(built));
    expect((await reads(loaded))[1]).toBe('city_1_price_1');
  });

  it('Given the rest loading in the background, When a reader needs another collection, Then that one loads first', async () => {
    const store = new MemoryReadStore();
    const log: string[] = [];
    const audit = Array.from({ length: 8 }, (_, i) => docs('x', 1, i));
    store.collection('audit').loadLater(source({ name: 'audit', batches: audit }, log), 0);
    const catalogue = Array.from({ length: 4 }, (_, i) => docs('c', 1, i));
    store.collection('catalogue').loadLater(source({ name: 'catalogue', batches: catalogue }, log), 0);

    const background = store.loadPending();
    await new Promise((resolve) => setImmediate(resolve));
    const count = await store.collection('catalogue').countDocuments({});
    await background;

    expect(count).toBe(4);
    // once asked for, the catalogue's batches come one after another (an audit batch already read may slip in once)
    const whileAsked = log.slice(log.indexOf('catalogue 0'), log.indexOf('catalogue 3'));
    expect(whileAsked.filter((line) => line.startsWith('audit')).length).toBeLessThanOrEqual(1);
    expect(log.slice(log.indexOf('catalogue 3'))).toContain('audit 7');
    expect(await store.collection('audit').countDocuments({})).toBe(8);
  });

  it('Given writes while it loads, Then they apply after the load, in the order they came', async () => {
    const store = new MemoryReadStore();
    const listings = store.collection('listings');
    listings.loadLater(source({ name: 'listings', batches: [docs('a', 2)] }, []), 0);

    await Promise.all([
      listings.updateOne({ _id: 'a0' }, { $set: { price: 10 } }),
      listings.insertOne({ _id: 'a2', city: 'msk', price: 3 }),
      listings.updateOne({ _id: 'a0' }, { $inc: { price: 5 } }),
    ]);

    expect(await listings.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a0', city: 'spb', price: 15 },
      { _id: 'a1', city: 'msk', price: 1 },
      { _id: 'a2', city: 'msk', price: 3 },
    ]);
  });

  it('Given a source that fails (a damaged snapshot), Then the collection is empty and the store is told', async () => {
    const store = new MemoryReadStore();
    const failed: string[] = [];
    store.loadFailed = (collection, error) => failed.push(`${collection}: ${(error as Error).message}`);
    const listings = store.collection('listings');
    listings.loadLater(
      source({ name: 'listings', batches: [docs('a', 2)], fail: new Error('checksum differs') }, []),
      2,
    );

    expect(await listings.countDocuments({})).toBe(0);
    expect(failed).toEqual(['listings: checksum differs']);
    await listings.insertOne({ _id: 'b', city: 'msk', price: 1 });
    expect(await listings.countDocuments({})).toBe(1);
  });

  it('Given a collection dropped before it was used, Then its snapshot is never loaded', async () => {
    const store = new MemoryReadStore();
    const log: string[] = [];
    const listings = store.collection('listings');
    listings.loadLater(source({ name: 'listings', batches: [docs('a', 2)] }, log), 0);

    await listings.drop();

    expect(await listings.countDocuments({})).toBe(0);
    await store.loadPending();
    expect(log).toEqual([]);
  });
});
