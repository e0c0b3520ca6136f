/**
 * npm run bench:alerts — the saved searches' matcher (issue 19, part 1; not a test: timings vary
 * with the machine). 100,000 saved searches made as the catalogue benchmark makes its search bodies
 * (a city, all of Russia or a geo circle, with price bands and rooms; typed prices, so hardly two
 * alike), a sixth of the city ones turned into a map's area, and 100,000 listings from the same
 * generator as bench:search. Each sampled listing, as if just published, is matched against all
 * the saved searches through the index (`SearchIndex`: deal × place or map cell × price band, then
 * the catalogue's exact filter): p50/p95/p99 per listing. Beside it, the ceiling measured in the same
 * run: the same exact check run only against the searches that truly match, found by brute force
 * beforehand (every search checked against every sampled listing, untimed).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { catalogueMatcher, type CatalogueDocument, type CatalogueQuery } from '@estate/projections';
import { random } from '../src/seed/demoData';
import { CITIES } from '../src/locations/cities';
import { queryOf, savedFilters, SearchIndex, type IndexedSearch } from '../src/savedSearches';
import { bodies, publications } from './search';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
/** listings matched as if just published; each is brute-forced against every search beforehand */
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('ru-RU', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => `${fmt(n, 3)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

function savedSearches(count: number): IndexedSearch[] {
  const rnd = random(19);
  return bodies(count, 31, true).map(({ kind, body }, i) => {
    const { limit: _l, offset: _o, ...rest } = body;
    const filters: Record<string, unknown> = rest;
    // a sixth of the city searches are a map's area around the city instead
    if (kind === 'city' && rnd.next() < 1 / 6) {
      const city = CITIES.find((c) => c.id === filters.locationId) ?? CITIES[0];
      const half = 0.03 + rnd.next() * 0.25;
      delete filters.locationId;
      filters.bounds = {
        south: city.centre.lat - half,
        west: city.centre.lon - half * 1.6,
        north: city.centre.lat + half,
        east: city.centre.lon + half * 1.6,
      };
    }
    const query: CatalogueQuery = queryOf(savedFilters.parse(filters));
    return { id: `s${i}`, userId: `u${i % 40_000}`, query, since: 0 };
  });
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean };
}

const load = () =>
  loadavg()
    .map((n) => fmt(n, 2))
    .join(' / ');

function main() {
  console.log(
    `load average at the start: ${load()} (the machine's other work lengthens the timings, the p99 most)`,
  );
  const heap0 = process.memoryUsage().heapUsed;
  let started = performance.now();
  const listings = publications(LISTINGS, Date.now());
  console.log(`${fmt(LISTINGS)} listings made in ${fmt(performance.now() - started)} ms`);
  started = performance.now();
  const searches = savedSearches(SEARCHES);
  const made = performance.now() - started;
  started = performance.now();
  const index = new SearchIndex();
  for (const search of searches) index.add(search);
  const heap1 = process.memoryUsage().heapUsed;
  console.log(
    `${fmt(SEARCHES)} saved searches: made in ${fmt(made)} ms, indexed in ${fmt(performance.now() - started)} ms ` +
      `(heap ${mb(heap1 - heap0)} with the listings)`,
  );

  // the "just published" listings: published ones of every deal and place, spread over the set
  const published = listings.filter((l) => l.status === 1);
  const step = Math.max(1, Math.floor(published.length / SAMPLE));
  const sample: CatalogueDocument[] = published.filter((_, i) => i % step === 0).slice(0, SAMPLE);

  // brute force, untimed: every search checked against every sampled listing
  started = performance.now();
  const matchers = searches.map((s) => catalogueMatcher(s.query));
  const truly = sample.map((doc) => matchers.flatMap((test, i) => (test(doc) ? [i] : [])));
  const bruteMs = performance.now() - started;
  const totalTrue = truly.reduce((n, m) => n + m.length, 0);
  console.log(
    `brute force: ${fmt(SAMPLE)} listings × ${fmt(SEARCHES)} searches in ${fmt(bruteMs / 1000, 1)} s ` +
      `(${ms(bruteMs / SAMPLE)} a listing); ${fmt(totalTrue / SAMPLE, 1)} true matches a listing on average`,
  );

  // the index's answers must be exactly the brute force's
  let candidates = 0;
  for (let i = 0; i < sample.length; i++) {
    candidates += index.candidates(sample[i]).length;
    const found = new Set(index.match(sample[i]).map((s) => Number(s.id.slice(1))));
    const expected = new Set(truly[i]);
    if (found.size !== expected.size || [...expected].some((n) => !found.has(n)))
      throw new Error(
        `listing ${sample[i]._id}: the index found ${found.size}, brute force ${expected.size}`,
      );
  }
  console.log(
    `the index's matches equal brute force's for every listing; ${fmt(candidates / SAMPLE, 1)} candidates checked a listing on average`,
  );

  // timed: the index, and the ceiling (the exact check against the true matches only), interleaved
  const indexTimes: number[] = [];
  const ceilingTimes: number[] = [];
  let sink = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < sample.length; i++) {
      let t0 = performance.now();
      sink += index.match(sample[i]).length;
      indexTimes.push(performance.now() - t0);
      const only = truly[i].map((n) => matchers[n]);
      t0 = performance.now();
      for (const test of only) if (test(sample[i])) sink++;
      ceilingTimes.push(performance.now() - t0);
    }
  }
  const idx = stats(indexTimes);
  const ceil = stats(ceilingTimes);
  console.log(
    `\nmatching one new listing against ${fmt(SEARCHES)} saved searches (${fmt(indexTimes.length)} matchings):`,
  );
  console.log(
    `  through the index: p50 ${ms(idx.p50)}, p95 ${ms(idx.p95)}, p99 ${ms(idx.p99)}, mean ${ms(idx.mean)}`,
  );
  console.log(
    `  ceiling (exact check of the true matches only): p50 ${ms(ceil.p50)}, p95 ${ms(ceil.p95)}, p99 ${ms(ceil.p99)}, mean ${ms(ceil.mean)}`,
  );
  console.log(`  brute force (every search): ${ms(bruteMs / SAMPLE)} a listing`);
  console.log(
    `  goal p99 < 5 ms: ${idx.p99 < 5 ? 'PASS' : 'FAIL'} (${ms(idx.p99)}); load average at the end: ${load()}`,
  );
  if (sink < 0) console.log(sink);
}

main();
