import { readStoreContract } from './contract';
import { MemoryReadStore } from './memory';
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
