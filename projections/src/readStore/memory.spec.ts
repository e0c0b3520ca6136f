import { readStoreContract } from './contract';
import { MemoryReadStore } from './memory';
import { tuning } from './memoryPlan';

readStoreContract('memory (mingo, declared indexes)', async () => new MemoryReadStore());

describe('with columns even for the smallest buckets', () => {
  beforeAll(() => (tuning.smallRun = 0));
  afterAll(() => (tuning.smallRun = 48));
  readStoreContract('memory, columns everywhere', async () => new MemoryReadStore());
});

describe('embedded read store specifics', () => {
  it('serves an equality-then-range query from its index without scanning the collection', async () => {
    const store = new MemoryReadStore();
    const c = store.collection('listings');
    await c.createIndex({ key: { category: 1, city: 1, price: 1 } });
    const categories = ['sale', 'rent', 'dailyRent'];
    const cities = ['msk', 'spb', 'kzn', 'nsk', 'ekb'];
    for (let i = 0; i < 50_000; i++) await c.insertOne({ _id: `d${i}`, category: categories[i % 3], city: cities[i % 5], price: (i * 7919) % 100_000 });
    const found = await c.find({ category: 'sale', city: 'spb', price: { $gte: 10_000, $lte: 60_000 } }, { sort: { price: 1 }, limit: 20 });
    expect(found).toHaveLength(20);
    expect(c.lastQueryStats.index).toBe('category_1_city_1_price_1');
    expect(c.lastQueryStats.examined).toBeLessThan(100);
    const prices = found.map((d) => d.price as number);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(prices[0]).toBeGreaterThanOrEqual(10_000);
  });
});
