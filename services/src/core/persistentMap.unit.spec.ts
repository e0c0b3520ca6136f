import { PersistentMap } from './persistentMap';

describe('PersistentMap', () => {
  it('behaves like a Map under random sets and deletes, keeps every earlier version, and stays balanced', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    let map = PersistentMap.empty<number>();
    const model = new Map<string, number>();
    const versions: [PersistentMap<number>, [string, number][]][] = [];
    for (let i = 0; i < 5_000; i++) {
      const key = `k${rnd(800)}`;
      if (rnd(3) === 0) {
        map = map.delete(key);
        model.delete(key);
      } else {
        map = map.set(key, i);
        model.set(key, i);
      }
      if (i % 500 === 0) versions.push([map, [...model].sort(([a], [b]) => (a < b ? -1 : 1))]);
    }
    const sorted = [...model].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(map.size).toBe(model.size);
    expect([...map.values()]).toEqual(sorted.map(([, v]) => v));
    for (const [key, value] of model) expect(map.get(key)).toBe(value);
    expect(map.has('absent')).toBe(false);
    // earlier versions are untouched by later changes
    for (const [version, entries] of versions)
      expect([...version.values()]).toEqual(entries.map(([, v]) => v));
    // an AVL tree of n keys is at most ~1.44 log2(n) high
    expect(map.depth).toBeLessThanOrEqual(Math.ceil(1.45 * Math.log2(map.size + 2)));
  });

  it('deleting an absent key gives the same map', () => {
    const map = PersistentMap.empty<string>().set('a', 'x');
    expect(map.delete('b')).toBe(map);
    expect(map.set('a', 'y').size).toBe(1);
  });
});
