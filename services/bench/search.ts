/**
 * npm run bench:search — the catalogue search under load (not a test; timings vary with the machine):
 *  1. 100,000 realistic listings loaded into the embedded read store (with the catalogue's declared indexes): time and memory;
 *  2. POST /api/publications on the real Express app, concurrency 20, ~500 rotating realistic bodies
 *     (city + deal + price + rooms, all of Russia, geo circles; sorted by price or date; pages 1–5): p50/p95/p99 and requests/s;
 *  3. the map (POST /api/publications/map) of all of Russia and of a city's area;
 *  4. the mixed search again beside 50 listing writes a second (edits, price changes, publications, moves to another city)
 *     through the real command path: decider, event log, projections into the read store the API reads;
 *  5. two ceilings with the same load: an Express endpoint with the app's middleware (JSON parser, pino-http, authenticate)
 *     answering a fixed 20-listing body, and a bare node:http server answering the same body;
 *  6. the mixed search with metrics and tracing off, then on (request timing, a scrape every 5 s, 10% of requests traced
 *     and exported over OTLP/HTTP to a local receiver), in alternating rounds: the cost in % of the throughput (issue 43).
 * The load runs in a child process (autocannon), so it does not share the server's event loop.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type RequestHandler } from 'express';
import { CATALOGUE, catalogueProjection, type CatalogueDocument } from '@estate/projections';
import { PARAMS_ADDED_IN_V2, ROLES, type DealCategory, type PublicationDetails } from '@estate/events';
import { createApp, requestLogger } from '../src/app';
import { buildContext, closeContext } from '../src/bootstrap';
import { loadConfig, type Config } from '../src/core/config';
import type { Actor } from '../src/core/access';
import type { AppContext } from '../src/core/context';
import { createLogger } from '../src/core/logger';
import type { Metrics } from '../src/core/metrics';
import { startTracing } from '../src/core/tracing';
import { authenticate } from '../src/identity/sessions';
import { CITIES, type Location } from '../src/locations/cities';
import { DISTRICTS } from '../src/locations/districts';
import { toPublicationDto, type PublicationCommand, handlePublication } from '../src/publications';
import { random } from '../src/seed/demoData';
import { profileTo } from './profile';

const PUBLICATIONS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** listing writes a second beside the searches of the writes run */
const WRITES = Number(process.env.BENCH_WRITES ?? 50);
/** the listings those writes change, made through commands before the run */
const WRITE_TARGETS = 500;
const BODIES = 500;
/** metrics and tracing off and on, alternately, this many times each (more rounds, less of the machine's drift) */
const OBSERVED_ROUNDS = Number(process.env.BENCH_OBSERVED_ROUNDS ?? 2);
/** the share of requests traced while tracing is on (the issue's goal is stated at 10%) */
const TRACE_SAMPLE = 0.1;
/** a scrape of the metrics this often while they are on (Prometheus' usual interval is 15 s or more) */
const SCRAPE_EVERY_MS = 5000;
/** more than the distinct run can send, so none comes twice */
const DISTINCT_BODIES = 20_000;
const DAY = 86_400_000;
const fmt = (n: number) => Math.round(n).toLocaleString('ru-RU');
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

// ---------------------------------------------------------------- load generator (child process)

type LoadResult = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
};

/** The part of autocannon's API used here (the package ships no types). */
type Instance = Promise<{
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}> & {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
  ): void;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method: string;
  headers: Record<string, string>;
  requests: {
    method: string;
    path: string;
    setupRequest: (req: Record<string, unknown>) => Record<string, unknown>;
  }[];
}) => Instance;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function runLoad(url: string, bodiesFile: string, seconds: number, path: string): Promise<LoadResult> {
  const specifier = 'autocannon';
  const { default: autocannon } = (await import(specifier)) as { default: Autocannon };
  const bodies = (JSON.parse(readFileSync(bodiesFile, 'utf8')) as unknown[]).map((b) => JSON.stringify(b));
  let next = 0;
  process.stdout.write('START\n');
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // every request takes the next body of the list, so the server never answers the same query twice in a row
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }),
      },
    ],
  });
  // autocannon's summary has no p95: every response time is kept (sub-millisecond) and ranked here
  const times: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

if (process.argv[2] === 'load') {
  const [, , , url, bodiesFile, seconds, path] = process.argv;
  runLoad(url, bodiesFile, Number(seconds), path).then(
    (r) => process.stdout.write(`RESULT ${JSON.stringify(r)}\n`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** Runs autocannon in a child process against the url, rotating through the bodies; `started` when it begins to send. */
function load(
  url: string,
  bodiesFile: string,
  seconds: number,
  path = '/api/publications',
  started?: () => void,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, 'load', url, bodiesFile, String(seconds), path],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (started && out.includes('START\n')) {
        started();
        started = undefined;
      }
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)) as LoadResult);
      else reject(new Error(`load generator exited with ${code}: ${out}`));
    });
  });
}

// ---------------------------------------------------------------- listings

const DEALS: DealCategory[] = ['sale', 'rent', 'dailyRent'];
const STREETS = [
  'ул. Профсоюзная',
  'Ленинский проспект',
  'ул. Маросейка',
  'Кутузовский проспект',
  'ул. Садовая',
  'проспект Мира',
  'ул. Гагарина',
  'ул. Пушкина',
  'Невский проспект',
  'ул. Строителей',
];
/** Moscow and St Petersburg hold half the listings, as on the real market. */
const cityWeight = (c: Location) => (c.id === '1' ? 30 : c.id === '2' ? 20 : 50 / (CITIES.length - 2));

function priceFor(rnd: ReturnType<typeof random>, deal: DealCategory, cityId: string, area: number) {
  const capital = cityId === '1' ? 1.9 : cityId === '2' ? 1.3 : 0.75;
  if (deal === 'sale') return Math.round((area * rnd.int(150, 350) * 1000 * capital) / 10_000) * 10_000;
  if (deal === 'rent') return Math.round((area * rnd.int(600, 1400) * capital) / 1000) * 1000;
  return Math.round((rnd.int(1500, 5000) * capital + area * 20) / 100) * 100;
}

function pickCity(rnd: ReturnType<typeof random>) {
  let x = rnd.next() * 100;
  for (const c of CITIES) if ((x -= cityWeight(c)) < 0) return c;
  return CITIES[0];
}

export function publications(count: number, now: number): CatalogueDocument[] {
  const rnd = random(2024);
  const docs: CatalogueDocument[] = [];
  for (let i = 0; i < count; i++) {
    const city = pickCity(rnd);
    const districts = DISTRICTS.filter((d) => d.parentLocation === city.id);
    // a quarter of a big city's listings sit in one of its districts
    const place = districts.length && rnd.next() < 0.25 ? rnd.pick(districts) : city;
    const deal: DealCategory = rnd.next() < 0.5 ? 'sale' : rnd.next() < 0.6 ? 'rent' : 'dailyRent';
    const roll = rnd.next();
    const status = roll < 0.88 ? 1 : roll < 0.93 ? 2 : roll < 0.97 ? 3 : roll < 0.99 ? 5 : 4;
    const rooms = rnd.pick([0, 1, 1, 2, 2, 2, 3, 3, 4, 5]);
    const totalArea = rooms === 0 ? rnd.int(19, 32) : rnd.int(28, 36) + rooms * rnd.int(14, 22);
    const price = priceFor(rnd, deal, city.id, totalArea);
    const created = now - rnd.int(0, 120) * DAY - rnd.int(0, DAY);
    const publishedAt =
      status === 1 || status === 5 ? new Date(now - rnd.next() * 90 * DAY).toISOString() : null;
    const geo = {
      lat: +(place.centre.lat + (rnd.next() - 0.5) * 0.2).toFixed(6),
      lon: +(place.centre.lon + (rnd.next() - 0.5) * 0.3).toFixed(6),
    };
    const agency =
      rnd.next() < 0.7
        ? { id: `a${rnd.int(1, 300)}`, name: `Агентство ${rnd.int(1, 300)}`, avatar: null }
        : null;
    const authorId = `u${rnd.int(1, 3000)}`;
    const imageBase = rnd.int(1, 400);
    docs.push({
      _id: randomUUID(),
      revision: 2,
      status,
      agencyId: agency?.id ?? null,
      authorId,
      dealCategory: deal,
      propertyType: 1,
      title: rooms === 0 ? `Студия, ${totalArea} м²` : `${rooms}-комн. квартира, ${totalArea} м²`,
      description: `${rooms === 0 ? 'Студия' : `${rooms}-комнатная квартира`} площадью ${totalArea} м². Окна во двор, тихий район, рядом школы, магазины и парк.`,
      price,
      actualPrice: rnd.next() < 0.1 ? price + 100_000 : null,
      locationId: place.id,
      address: {
        locationId: place.id,
        locationName: place.name,
        fullAddress: `${city.name}, ${rnd.pick(STREETS)}, ${rnd.int(1, 120)}`,
        geo,
        metro: {
          stations:
            city.id === '1' || city.id === '2'
              ? [{ name: 'Тверская', time: rnd.int(3, 25), pedestrian_time: true }]
              : [],
        },
      },
      images: [0, 1, 2, 3].map((k) => ({ path: `/storage/demo/${imageBase + k}.svg`, variants: null })),
      lat: geo.lat,
      lon: geo.lon,
      residentialComplexId: null,
      declineReason: status === 4 ? 'Фотографии не соответствуют объекту' : null,
      promotion:
        status === 1 && rnd.next() < 0.03
          ? {
              positionType: rnd.pick([1, 2, 3] as const),
              until: new Date(now + rnd.int(1, 14) * DAY).toISOString(),
            }
          : null,
      priceHistory: publishedAt ? [{ createdAt: publishedAt, price }] : [],
      busyRanges: [],
      author: { id: authorId, name: 'Анна Петрова', phone: '79990000011', avatar: null },
      agency,
      createdAt: new Date(created).toISOString(),
      updatedAt: publishedAt ?? new Date(created).toISOString(),
      publishedAt,
      roomCount: rooms,
      totalArea,
      livingArea: rooms === 0 ? null : Math.round(totalArea * 0.55),
      kitchenArea: rooms === 0 ? null : rnd.int(6, 18),
      floor: rnd.int(1, 17),
      floorsCount: 17,
      buildYear: rnd.int(1958, 2025),
      deposit: deal === 'rent' ? price : null,
      clientFee: deal === 'rent' ? rnd.pick([0, 50, 100]) : null,
      guestsCount: deal === 'dailyRent' ? Math.max(2, rooms * 2) : null,
    });
  }
  return docs;
}

// ---------------------------------------------------------------- queries

type Kind = 'city' | 'russia' | 'geo';

/** Price bands people choose, per deal (roubles; per night for daily rent). */
const PRICE_BANDS: Record<DealCategory, [number | null, number | null][]> = {
  sale: [
    [null, 8_000_000],
    [5_000_000, 12_000_000],
    [10_000_000, 25_000_000],
    [20_000_000, null],
    [null, null],
  ],
  rent: [
    [null, 40_000],
    [30_000, 70_000],
    [60_000, 150_000],
    [100_000, null],
    [null, null],
  ],
  dailyRent: [
    [null, 3000],
    [2500, 5000],
    [4000, 9000],
    [7000, null],
    [null, null],
  ],
};

/** `typed`: prices typed by hand (not the bands' round figures), so bodies hardly ever repeat */
export function bodies(
  count: number,
  seed = 7,
  typed = false,
): { kind: Kind; body: Record<string, unknown> }[] {
  const rnd = random(seed);
  const hand = (bound: number | null) =>
    bound === null || !typed ? bound : bound + rnd.int(0, 99) * Math.max(1, Math.round(bound / 1000));
  return Array.from({ length: count }, (_, i) => {
    // 60% a city, 20% all of Russia, 20% a circle around a point in a city
    const kind: Kind = i % 5 < 3 ? 'city' : i % 5 === 3 ? 'russia' : 'geo';
    const deal = rnd.pick(DEALS);
    const body: Record<string, unknown> = {
      dealCategory: deal,
      limit: 20,
      offset: rnd.pick([1, 1, 1, 2, 2, 3, 4, 5]),
    };
    if (rnd.next() < 0.5) body.sortByPrice = true;
    else body.sortByDate = true;
    body.orderData = rnd.next() < 0.5 ? 'ASC' : 'DESC';
    const band = rnd.pick(PRICE_BANDS[deal]);
    if (band[0] !== null || band[1] !== null) body.price = [{ min: hand(band[0]), max: hand(band[1]) }];
    if (rnd.next() < 0.6) body.roomCount = rnd.pick([[1], [2], [1, 2], [2, 3], [3, 4], [0, 1]]);
    const city = pickCity(rnd);
    if (kind === 'city') body.locationId = city.id;
    if (kind === 'geo') {
      body.geo_lat = +(city.centre.lat + (rnd.next() - 0.5) * 0.1).toFixed(5);
      body.geo_lon = +(city.centre.lon + (rnd.next() - 0.5) * 0.15).toFixed(5);
      body.radius = rnd.pick([1, 2, 3, 5, 10]);
    }
    return { kind, body };
  });
}

/** the map of a search (issue 16): all of Russia at zoom 3–4, or a city's area at zoom 10–12, with a deal and often a price */
export function mapBodies(
  count: number,
  seed = 17,
): { kind: 'russia' | 'city'; body: Record<string, unknown> }[] {
  const rnd = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const deal = rnd.pick(DEALS);
    const body: Record<string, unknown> = { dealCategory: deal };
    const band = rnd.pick(PRICE_BANDS[deal]);
    if (band[0] !== null || band[1] !== null) body.price = [{ min: band[0], max: band[1] }];
    if (i % 2 === 0) {
      body.bounds = { south: 41, west: 19, north: 78, east: 180 };
      body.zoom = rnd.pick([3, 4]);
      return { kind: 'russia' as const, body };
    }
    const { centre } = pickCity(rnd);
    const half = rnd.pick([0.1, 0.2, 0.3]);
    body.bounds = {
      south: centre.lat - half,
      west: centre.lon - 1.6 * half,
      north: centre.lat + half,
      east: centre.lon + 1.6 * half,
    };
    body.zoom = half === 0.1 ? 12 : half === 0.2 ? 11 : 10;
    return { kind: 'city' as const, body };
  });
}

// ---------------------------------------------------------------- writes

/** What an agent's form sends for a listing: the details of one of the generated listings. */
const detailsOf = (doc: CatalogueDocument): PublicationDetails => ({
  dealCategory: doc.dealCategory,
  propertyType: doc.propertyType,
  title: doc.title,
  description: doc.description,
  price: doc.price,
  address: doc.address,
  params: {
    ...PARAMS_ADDED_IN_V2,
    roomCount: doc.roomCount,
    totalArea: doc.totalArea,
    livingArea: doc.livingArea,
    kitchenArea: doc.kitchenArea,
    floor: doc.floor,
    floorsCount: doc.floorsCount,
    buildYear: doc.buildYear,
    deposit: doc.deposit,
    clientFee: doc.clientFee,
    guestsCount: doc.guestsCount,
  },
  images: doc.images.map(({ path }) => ({ path })),
  residentialComplexId: null,
});

type Target = { id: string; details: PublicationDetails; published: boolean };

/**
 * One command as the cabinet runs it (publications/form.ts, runPublicationCommand): decided, appended to
 * the log, waited for until the projections have put it in the read store, and the listing read back.
 */
async function command(ctx: AppContext, actor: Actor, id: string, cmd: PublicationCommand) {
  const result = await handlePublication(ctx.eventStore, id, cmd, {
    actor: actor.userId,
  });
  await ctx.projections.whenCaughtUp(result.position);
  const doc = await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: id });
  if (!doc) throw new Error(`listing ${id} is not in the catalogue after its command`);
  return toPublicationDto(doc, { allPhotos: true });
}

/** Listings of an agent created and published through commands, spread as the others (half in the two capitals). */
async function writeTargets(ctx: AppContext, actor: Actor, count: number, now: number): Promise<Target[]> {
  const targets: Target[] = [];
  for (const doc of publications(count, now)) {
    const details = detailsOf(doc);
    await command(ctx, actor, doc._id, { type: 'CreatePublication', actor, publicationId: doc._id, details });
    await command(ctx, actor, doc._id, { type: 'PublishPublication', actor });
    targets.push({ id: doc._id, details, published: true });
  }
  return targets;
}

/**
 * One write of the mix: a price change (edit and PublicationPriceChanged: the listing moves in the price
 * indexes), an edit in place (area and title: no indexed key moves), a move to another city (its location
 * and point: other buckets), or an archive and a publication (status: every index's bucket changes).
 */
function nextWrite(rnd: ReturnType<typeof random>, target: Target, actor: Actor): PublicationCommand {
  if (!target.published) {
    target.published = true;
    return { type: 'PublishPublication', actor };
  }
  const roll = rnd.next();
  if (roll < 0.15) {
    target.published = false;
    return { type: 'ArchivePublication', actor };
  }
  const d = target.details;
  let details: PublicationDetails;
  if (roll < 0.55) details = { ...d, price: Math.max(1000, Math.round(d.price * (0.9 + 0.2 * rnd.next()))) };
  else if (roll < 0.85) {
    const totalArea = Math.max(15, (d.params.totalArea ?? 40) + rnd.int(-3, 3));
    details = {
      ...d,
      title: `${d.title.split(',')[0]}, ${totalArea} м²`,
      params: { ...d.params, totalArea },
    };
  } else {
    const city = pickCity(rnd);
    const point = {
      lat: +(city.centre.lat + (rnd.next() - 0.5) * 0.2).toFixed(6),
      lon: +(city.centre.lon + (rnd.next() - 0.5) * 0.3).toFixed(6),
    };
    details = {
      ...d,
      address: {
        ...d.address,
        locationId: city.id,
        locationName: city.name,
        fullAddress: `${city.name}, ${rnd.pick(STREETS)}, ${rnd.int(1, 120)}`,
        geo: point,
      },
    };
  }
  target.details = details;
  return { type: 'EditPublication', actor, details };
}

/**
 * Writes at a steady rate until stopped: each is due at its slot of the schedule, and its time runs from
 * then (a write kept waiting behind searches counts the wait) until the cabinet's answer is ready.
 */
function startWrites(ctx: AppContext, actor: Actor, targets: Target[], perSecond: number) {
  const rnd = random(33);
  const times: number[] = [];
  const running = new Set<Promise<void>>();
  const started = performance.now();
  let stopped = false;
  let failure: unknown = null;
  let timer: NodeJS.Timeout | null = null;
  const busy = new Set<string>();
  let next = 0;
  const due = (i: number) => started + (i * 1000) / perSecond;
  const write = (i: number) => {
    // one command at a time per listing, as one agent's form sends them
    let target = rnd.pick(targets);
    while (busy.has(target.id)) target = rnd.pick(targets);
    busy.add(target.id);
    const done = command(ctx, actor, target.id, nextWrite(rnd, target, actor)).then(
      () => void times.push(performance.now() - due(i)),
      (error: unknown) => void (failure ??= error),
    );
    const tracked = done.finally(() => {
      busy.delete(target.id);
      running.delete(tracked);
    });
    running.add(tracked);
  };
  // every write due by now starts when the timer fires (a busy event loop fires it late), as requests
  // that arrived meanwhile would all be read
  const schedule = () => {
    timer = setTimeout(
      () => {
        if (stopped) return;
        while (due(next) <= performance.now()) write(next++);
        schedule();
      },
      Math.max(0, due(next) - performance.now()),
    );
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(running);
      if (failure)
        throw failure instanceof Error ? failure : new Error('a search failed', { cause: failure });
      return { times: times.sort((a, b) => a - b), perSecond: times.length / seconds };
    },
  };
}

// ---------------------------------------------------------------- servers

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );

/** The framework's ceiling: the app's middleware stack in front of a handler that answers a fixed page. */
function expressCeiling(ctx: AppContext, page: unknown) {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLogger({ ...ctx, logger: createLogger('silent') }));
  app.use(express.json({ limit: '1mb' }));
  app.use('/api', authenticate(ctx));
  app.post('/api/publications', (_req, res) => {
    res.json(page);
  });
  return createServer(app);
}

/** The machine's ceiling: node:http reads the body and answers the same page. */
function nodeCeiling(page: unknown) {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = JSON.stringify(page);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
}

// ---------------------------------------------------------------- metrics and tracing on against off

/** An OTLP/HTTP receiver that only counts what it is sent (its work must not weigh on the server measured). */
function spanSink() {
  let spans = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      // the JSON export's span ids, counted without parsing the batch
      spans += body.split('"spanId"').length - 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return { server, spans: () => spans };
}

/**
 * The mixed search with metrics and tracing off (the app without its request timing, no tracer
 * provider) against on (the request timing, a scrape of the registry every 5 s, tracing at a
 * 10% sample exported to a local receiver), in alternating rounds of the same length, so a drift of
 * the machine weighs on both sides alike.
 */
async function observabilityCost(ctx: AppContext, config: Config, onUrl: string, bodiesFile: string) {
  const passThrough: RequestHandler = (_req, _res, next) => next();
  const untimed: Metrics = Object.assign(Object.create(ctx.metrics) as Metrics, { httpTimer: passThrough });
  const offServer = createServer(createApp({ ...ctx, metrics: untimed }));
  const offUrl = await listen(offServer);
  const sink = spanSink();
  const sinkUrl = await listen(sink.server);
  const observed = async (seconds: number) => {
    const tracing = await startTracing({
      ...config,
      OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
      OTEL_SERVICE_NAME: 'bench-search',
      OTEL_TRACES_SAMPLER_ARG: TRACE_SAMPLE,
      OTEL_SDK_DISABLED: false,
    });
    const scraping = setInterval(() => void ctx.metrics.registry.metrics(), SCRAPE_EVERY_MS);
    try {
      return await load(onUrl, bodiesFile, seconds);
    } finally {
      clearInterval(scraping);
      await tracing?.stop();
    }
  };
  // both sides' code compiled before the rounds (the tracing's paths are new to the JIT here)
  await observed(3);
  await load(offUrl, bodiesFile, 3);
  const rounds: { off: LoadResult[]; on: LoadResult[] } = { off: [], on: [] };
  for (let round = 0; round < OBSERVED_ROUNDS; round++) {
    rounds.off.push(await load(offUrl, bodiesFile, SECONDS));
    rounds.on.push(await observed(SECONDS));
  }
  offServer.closeAllConnections();
  offServer.close();
  sink.server.close();
  const rps = (results: LoadResult[]) => results.reduce((sum, r) => sum + r.rps, 0) / results.length;
  const p95 = (results: LoadResult[]) => results.reduce((sum, r) => sum + r.p95, 0) / results.length;
  return {
    off: { rps: rps(rounds.off), p95: p95(rounds.off) },
    on: { rps: rps(rounds.on), p95: p95(rounds.on) },
    costPercent: (1 - rps(rounds.on) / rps(rounds.off)) * 100,
    spans: sink.spans(),
  };
}

// ---------------------------------------------------------------- main

const line = (name: string, r: LoadResult) =>
  `  ${name.padEnd(34)} ${fmt(r.rps).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms` +
  (r.non2xx || r.errors ? `   (${fmt(r.non2xx)} non-2xx, ${fmt(r.errors)} errors of ${fmt(r.total)})` : '');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  // production refuses to start without its providers: placeholders, none of them is called by a search
  const providers = {
    PUBLIC_URL: 'http://localhost:3000',
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
    RECAPTCHA_SECRET: 'bench',
    RECAPTCHA_SITE_KEY: 'bench',
    VISITOR_SECRET: 'bench-secret-of-at-least-32-characters',
  };
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    SEED: 'false',
    LOG_LEVEL: 'silent',
    ...providers,
  });
  const ctx = await buildContext(config, createLogger('silent'));
  try {
    console.log(
      `bench:search — ${fmt(PUBLICATIONS)} listings, embedded read store, concurrency ${CONNECTIONS}, ${SECONDS} s per scenario`,
    );
    const now = Date.now();
    const docs = publications(PUBLICATIONS, now);
    global.gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const catalogue = ctx.readStore.collection<CatalogueDocument>(CATALOGUE);
    // the runner has created the declared indexes already; createIndex again is a no-op that keeps this independent of it
    for (const spec of catalogueProjection.collections[CATALOGUE]) await catalogue.createIndex(spec);
    for (const doc of docs) await catalogue.insertOne(doc);
    const loadMs = performance.now() - started;
    docs.length = 0;
    global.gc?.();
    const after = process.memoryUsage();
    console.log(
      `  load: ${fmt(PUBLICATIONS)} listings with ${catalogueProjection.collections[CATALOGUE].length} indexes in ${fmt(loadMs)} ms`,
    );
    console.log(
      `  memory after load: heapUsed ${mb(after.heapUsed)} (+${mb(after.heapUsed - before.heapUsed)}), rss ${mb(after.rss)} (+${mb(after.rss - before.rss)})`,
    );

    const all = bodies(BODIES);
    const file = (name: string, items: unknown[]) => {
      const path = join(dir, `${name}.json`);
      writeFileSync(path, JSON.stringify(items));
      return path;
    };
    const mixed = file(
      'mixed',
      all.map((b) => b.body),
    );
    const kinds = (['city', 'russia', 'geo'] as const).map((kind) => ({
      kind,
      path: file(
        kind,
        all.filter((b) => b.kind === kind).map((b) => b.body),
      ),
    }));
    const sample = await catalogue.find({ status: 1 }, { limit: 20 });
    const page = {
      data: sample.map((d) => toPublicationDto(d)),
      meta: { current_page: 1, last_page: 100, per_page: 20, total: 2000 },
    };

    const appServer = createServer(createApp(ctx));
    const appUrl = await listen(appServer);
    // warm-up: every body once (each index bucket is sorted, and its columns built, on its first read), then
    // load until the JIT has settled (a shorter warm-up left the first measured seconds ~15% slower)
    for (const { body } of all)
      await fetch(`${appUrl}/api/publications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await load(appUrl, mixed, 8);
    const profiler = await profileTo(process.env.BENCH_PROFILE);
    const search = await load(appUrl, mixed, SECONDS);
    await profiler.stop();
    const byKind = [];
    for (const { kind, path } of kinds)
      byKind.push({ kind, result: await load(appUrl, path, Math.max(3, Math.round(SECONDS / 3))) });
    const mapRuns = [];
    for (const kind of ['russia', 'city'] as const) {
      const path = file(
        `map-${kind}`,
        mapBodies(BODIES)
          .filter((b) => b.kind === kind)
          .map((b) => b.body),
      );
      await load(appUrl, path, 2, '/api/publications/map');
      mapRuns.push({
        kind,
        result: await load(appUrl, path, Math.max(3, Math.round(SECONDS / 2)), '/api/publications/map'),
      });
    }
    // the read store remembers a count until the next write, and a filter stays the same for a minute (the
    // premium window moves by whole minutes): here no body comes twice, so every request is planned and counted
    const distinct = await load(
      appUrl,
      file(
        'distinct',
        bodies(DISTINCT_BODIES, 99, true).map((b) => b.body),
      ),
      Math.max(3, Math.round(SECONDS / 2)),
    );
    const observed = await observabilityCost(ctx, config, appUrl, mixed);

    // writes beside the searches: listings of an agent, made through commands, then edited, repriced, moved,
    // archived and published again at a steady rate while the mixed search runs (after a warm-up of both)
    const actor: Actor = { userId: 'bench-agent', role: ROLES.AGENT, agencyId: 'bench-agency' };
    const targets = await writeTargets(ctx, actor, WRITE_TARGETS, now);
    // the writes' ceiling: the same writes at the same rate with no search beside them
    const alone = startWrites(ctx, actor, targets, WRITES);
    await new Promise((resolve) => setTimeout(resolve, Math.max(3, Math.round(SECONDS / 2)) * 1000));
    const writesAlone = await alone.stop();
    let warmWrites: ReturnType<typeof startWrites> | null = null;
    await load(appUrl, mixed, 3, undefined, () => (warmWrites = startWrites(ctx, actor, targets, WRITES)));
    await warmWrites!.stop();
    let writer: ReturnType<typeof startWrites> | null = null;
    const duringWrites = await load(
      appUrl,
      mixed,
      SECONDS,
      undefined,
      () => (writer = startWrites(ctx, actor, targets, WRITES)),
    );
    const writes = await writer!.stop();
    appServer.closeAllConnections();
    appServer.close();

    const expressServer = expressCeiling(ctx, page);
    const expressUrl = await listen(expressServer);
    await load(expressUrl, mixed, 2);
    const framework = await load(expressUrl, mixed, SECONDS);
    expressServer.closeAllConnections();
    expressServer.close();

    const bareServer = nodeCeiling(page);
    const bareUrl = await listen(bareServer);
    await load(bareUrl, mixed, 2);
    const machine = await load(bareUrl, mixed, SECONDS);
    bareServer.closeAllConnections();
    bareServer.close();

    console.log(`  response page: ${fmt(Buffer.byteLength(JSON.stringify(page)))} bytes (20 listings)`);
    console.log(line('POST /api/publications (mixed)', search));
    for (const { kind, result } of byKind)
      console.log(
        line(
          `  only ${kind === 'city' ? 'a city' : kind === 'russia' ? 'all of Russia' : 'a geo circle'}`,
          result,
        ),
      );
    console.log(line('  mixed, no body twice', distinct));
    console.log(line(`  mixed, beside ${WRITES} writes/s`, duringWrites));
    const writeTimes = writes.times;
    const writeLine = `p50 ${percentile(writeTimes, 50).toFixed(1)} ms, p95 ${percentile(writeTimes, 95).toFixed(1)} ms, max ${writeTimes[writeTimes.length - 1].toFixed(1)} ms`;
    console.log(
      `  ${`listing writes (${fmt(writeTimes.length)}, due → read back)`.padEnd(34)} ${fmt(writes.perSecond).padStart(7)} /s       ${writeLine}`,
    );
    const aloneTimes = writesAlone.times;
    console.log(
      `  ${`  the same writes alone (${fmt(aloneTimes.length)})`.padEnd(34)} ${fmt(writesAlone.perSecond).padStart(7)} /s       p50 ${percentile(aloneTimes, 50).toFixed(1)} ms, p95 ${percentile(aloneTimes, 95).toFixed(1)} ms, max ${aloneTimes[aloneTimes.length - 1].toFixed(1)} ms`,
    );
    for (const { kind, result } of mapRuns)
      console.log(line(`POST /api/publications/map, ${kind === 'russia' ? 'Russia' : 'a city'}`, result));
    console.log(line('Express ceiling (same middleware)', framework));
    console.log(line('node:http ceiling', machine));
    const share = (search.rps / framework.rps) * 100;
    console.log(
      `  search at ${share.toFixed(0)}% of the Express ceiling, ${((search.rps / machine.rps) * 100).toFixed(0)}% of node:http`,
    );
    console.log(`  goal p95 < 50 ms: ${search.p95 < 50 ? 'PASS' : 'FAIL'} (${search.p95.toFixed(1)} ms)`);
    for (const { kind, result } of mapRuns)
      console.log(
        `  goal map p95 < 50 ms (${kind === 'russia' ? 'all of Russia' : 'one city'}): ${result.p95 < 50 ? 'PASS' : 'FAIL'} (${result.p95.toFixed(1)} ms, ${((result.rps / framework.rps) * 100).toFixed(0)}% of the Express ceiling)`,
      );
    console.log(
      `  goal ≥ 50% of the Express ceiling: ${share >= 50 ? 'PASS' : 'FAIL'} (${share.toFixed(0)}%)`,
    );
    console.log(
      `  goal search p95 < 50 ms beside ${WRITES} writes/s: ${duringWrites.p95 < 50 ? 'PASS' : 'FAIL'} (${duringWrites.p95.toFixed(1)} ms, ${((duringWrites.rps / framework.rps) * 100).toFixed(0)}% of the Express ceiling)`,
    );
    const { off, on, costPercent, spans } = observed;
    console.log(
      `  metrics and tracing off (${OBSERVED_ROUNDS} rounds)    ${fmt(off.rps).padStart(7)} req/s   p95 ${off.p95.toFixed(1).padStart(6)} ms`,
    );
    console.log(
      `  metrics and tracing on (${Math.round(TRACE_SAMPLE * 100)}% traced) ${fmt(on.rps).padStart(7)} req/s   p95 ${on.p95.toFixed(1).padStart(6)} ms   (${fmt(spans)} spans exported)`,
    );
    console.log(
      `  goal metrics and tracing cost ≤ 5% of the throughput: ${costPercent <= 5 ? 'PASS' : 'FAIL'} (${costPercent.toFixed(1)}%)`,
    );
    const slowest = writeTimes[writeTimes.length - 1];
    console.log(`  goal every write < 50 ms: ${slowest < 50 ? 'PASS' : 'FAIL'} (${writeLine})`);
  } finally {
    await closeContext(ctx);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] !== 'load' && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
