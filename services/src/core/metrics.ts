import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '@estate/events';
import type { ReadStore } from '@estate/projections';
import type { CommandObserver } from './decider';
import { DomainError } from './errors';
import { notFoundRoute } from './http';
import type { JobQueue, QueueCounts } from './jobs/port';

/** the route label of a request no declared route answered (a static file, the single-page apps, a 404) */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The declared route pattern a request was answered by (`/api/publications/:id`, never the URL with
 * its ids), so the latency histogram's series stay as few as the routes: Express's matched route
 * joined with the mount path of its router; `unmatched` when no route matched.
 */
export function routeLabel(req: { baseUrl?: string; route?: { path?: unknown } }): string {
  const path = req.route?.path;
  if (path === undefined || path === null) return UNMATCHED_ROUTE;
  // an expression (the single-page apps' fallbacks) is named as written
  if (path instanceof RegExp) return `${req.baseUrl ?? ''}${String(path)}`;
  // Express's paths are strings, expressions or lists of them
  const pattern = Array.isArray(path)
    ? path.map(String).join('|')
    : typeof path === 'string'
      ? path
      : UNMATCHED_ROUTE;
  // a router's root route under its mount path is the mount path (`/api` + `/`)
  const joined = `${req.baseUrl ?? ''}${pattern}`;
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined || '/';
}

/**
 * A stream's type: its id's prefix before the first '-' (`publication-…` → `publication`). A prefix
 * that is not a short word is counted as `other`, so no id ever becomes a label.
 */
export function streamType(streamId: string): string {
  const dash = streamId.indexOf('-');
  const prefix = dash < 0 ? streamId : streamId.slice(0, dash);
  return /^[a-z][a-z0-9_]{0,39}$/i.test(prefix) ? prefix : 'other';
}

/** What the scrape-time gauges read: each part is given by the role that has it (bootstrap.ts, main.ts). */
export type MetricSources = {
  /** the log whose head the projections and reactors are measured against */
  events: EventStore;
  projections: { projectionPositions?(): Promise<ReadonlyMap<string, number>> };
  reactors: { reactorPositions(): ReadonlyMap<string, number> };
  /** the queue port and the names of the queues this process has used (`namingQueues`) */
  jobs: { queue: JobQueue; names: ReadonlySet<string> };
  readStore: { store: ReadStore; collections: readonly string[] };
  /** the chat's WebSockets open on this process */
  sockets: () => number;
  /** the folder of this process's files (DATA_DIR): its disk's free and total bytes are reported */
  dataDir: string;
};

/** on an engine whose positions are not consecutive (KurrentDB's commit positions) the events behind are counted up to this */
const COUNTED_BEHIND = 1000;
/** the read store's sizes are counted at most this often, however often it is scraped */
const READ_STORE_SIZES_EVERY_MS = 30_000;

const QUEUE_STATES: (keyof QueueCounts)[] = ['waiting', 'active', 'delayed', 'completed', 'failed'];

/**
 * The process's Prometheus metrics: one registry per application context (never prom-client's
 * global one, so two apps in one test process do not collide), the default process metrics
 * (memory, CPU, event-loop delay), counters fed as things happen (requests, commands, appends,
 * retries) and gauges computed at scrape time from the sources the role has (projection lag,
 * reactor backlog, queue depth, sockets, read-store sizes).
 */
export class Metrics {
  readonly registry = new Registry();
  private sources: Partial<MetricSources> = {};

  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly commands: Counter<'stream_type' | 'outcome'>;
  readonly revisionConflicts: Counter<'stream_type'>;
  readonly appended: Counter<'stream_type'>;
  readonly reactorRetries: Counter<'reactor'>;
  readonly projectionRetries: Counter;
  private readonly scrapeErrors: Counter<'source'>;

  constructor(labels: Record<string, string> = {}) {
    this.registry.setDefaultLabels(labels);
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, declared route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.commands = new Counter({
      name: 'commands_total',
      help: 'Commands handled, by stream type and outcome (ok, conflict, refused, busy, error)',
      labelNames: ['stream_type', 'outcome'],
      registers,
    });
    this.revisionConflicts = new Counter({
      name: 'command_revision_conflicts_total',
      help: 'Appends that lost to another writer of the stream (then retried, or answered as a conflict)',
      labelNames: ['stream_type'],
      registers,
    });
    this.appended = new Counter({
      name: 'events_appended_total',
      help: 'Events appended to the log, by stream type',
      labelNames: ['stream_type'],
      registers,
    });
    this.reactorRetries = new Counter({
      name: 'reactor_retries_total',
      help: 'Failed tries of a reactor on an event (the event is retried, never skipped)',
      labelNames: ['reactor'],
      registers,
    });
    this.projectionRetries = new Counter({
      name: 'projection_retries_total',
      help: 'Failed applications of an event to the read models (retried, never skipped)',
      registers,
    });
    this.scrapeErrors = new Counter({
      name: 'metrics_scrape_errors_total',
      help: 'Scrape-time gauges that could not be read from their source',
      labelNames: ['source'],
      registers,
    });
    this.defineScrapedGauges();
  }

  /** Adds the sources this role has; a gauge whose source is absent has no series. */
  watch(sources: Partial<MetricSources>): void {
    Object.assign(this.sources, sources);
  }

  /** What the decider tells of each command (core/decider.ts's observeCommands). */
  readonly commandObserver: CommandObserver = {
    commandEnded: (streamId, outcome, appended) => {
      const type = streamType(streamId);
      this.commands.inc({ stream_type: type, outcome });
      if (appended > 0) this.appended.inc({ stream_type: type }, appended);
    },
    revisionConflict: (streamId) => this.revisionConflicts.inc({ stream_type: streamType(streamId) }),
  };

  /** Times every request; its route label is read when the answer is finished. */
  readonly httpTimer: RequestHandler = (req, res, next) => {
    const end = this.httpDuration.startTimer();
    res.once('finish', () =>
      end({ method: req.method, route: routeLabel(req), status: String(res.statusCode) }),
    );
    next();
  };

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text of every metric, the scrape-time gauges read now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  private defineScrapedGauges() {
    const registers = [this.registry];
    // each gauge starts empty at every scrape, so a series whose source went away is not reported stale
    const scraped = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      read: (gauge: Gauge<L>) => Promise<void> | void,
    ) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        collect: async function (this: Gauge<L>) {
          this.reset();
          try {
            await read(this);
          } catch {
            scrapeErrors.inc({ source: name });
          }
        },
      });
    const scrapeErrors = this.scrapeErrors;

    // the two projection gauges and the two queue gauges read their source once per scrape
    const projectionLag = sharedWithinScrape(async () => {
      const { events, projections } = this.sources;
      if (!events || !projections?.projectionPositions) return [];
      const head = await events.headPosition();
      const positions = await projections.projectionPositions();
      const behind = new Map<number, { events: number; seconds: number }>();
      for (const position of new Set(positions.values()))
        behind.set(position, await this.behind(events, position, head));
      return [...positions].map(([name, position]) => ({ name, ...behind.get(position)! }));
    });
    scraped(
      'projection_lag_events',
      'Events of the log a read model has not applied yet (on KurrentDB counted up to 1000)',
      ['projection'],
      async (gauge) => {
        for (const lag of await projectionLag()) gauge.set({ projection: lag.name }, lag.events);
      },
    );
    scraped(
      'projection_lag_seconds',
      'Age of the oldest event a read model has not applied yet (0 when caught up)',
      ['projection'],
      async (gauge) => {
        for (const lag of await projectionLag()) gauge.set({ projection: lag.name }, lag.seconds);
      },
    );
    scraped(
      'reactor_backlog_events',
      'Events of the log a reactor has not handled yet (on KurrentDB counted up to 1000)',
      ['reactor'],
      async (gauge) => {
        const { events, reactors } = this.sources;
        if (!events || !reactors) return;
        const head = await events.headPosition();
        for (const [name, position] of reactors.reactorPositions())
          gauge.set({ reactor: name }, (await this.behind(events, position, head)).events);
      },
    );
    const queueCounts = sharedWithinScrape(async () => {
      const jobs = this.sources.jobs;
      if (!jobs) return [];
      const counts: [string, QueueCounts][] = [];
      for (const queue of jobs.names) counts.push([queue, await jobs.queue.counts(queue)]);
      return counts;
    });
    scraped(
      'job_queue_depth',
      'Jobs of a queue by state (failed: the dead letters; delayed includes back-offs before a retry)',
      ['queue', 'state'],
      async (gauge) => {
        for (const [queue, counts] of await queueCounts())
          for (const state of QUEUE_STATES) gauge.set({ queue, state }, counts[state]);
      },
    );
    scraped(
      'job_dead_letters',
      'Jobs of a queue that failed every attempt, kept to be inspected and retried',
      ['queue'],
      async (gauge) => {
        for (const [queue, counts] of await queueCounts()) gauge.set({ queue }, counts.failed);
      },
    );
    scraped('websocket_connections', "The chat's WebSockets open on this process", [], (gauge) => {
      if (this.sources.sockets) gauge.set(this.sources.sockets());
    });
    // the embedded log, bus, queue, keys and uploads grow on this disk: alert before it fills
    const disk = sharedWithinScrape(async () =>
      this.sources.dataDir ? await statfs(this.sources.dataDir) : null,
    );
    scraped('data_dir_free_bytes', "Bytes free to this process on DATA_DIR's disk", [], async (gauge) => {
      const read = await disk();
      if (read) gauge.set(read.bavail * read.bsize);
    });
    scraped('data_dir_size_bytes', "Size of DATA_DIR's disk", [], async (gauge) => {
      const read = await disk();
      if (read) gauge.set(read.blocks * read.bsize);
    });
    let sizes: { at: number; counts: [string, number][] } | null = null;
    scraped(
      'read_store_documents',
      'Documents in each read-model collection (counted at most every 30 s)',
      ['collection'],
      async (gauge) => {
        const readStore = this.sources.readStore;
        if (!readStore) return;
        if (!sizes || Date.now() - sizes.at > READ_STORE_SIZES_EVERY_MS) {
          const counts: [string, number][] = [];
          for (const name of readStore.collections) {
            const collection = readStore.store.collection(name);
            counts.push([
              name,
              await (collection.estimatedCount ? collection.estimatedCount() : collection.countDocuments({})),
            ]);
          }
          sizes = { at: Date.now(), counts };
        }
        for (const [collection, count] of sizes.counts) gauge.set({ collection }, count);
      },
    );
  }

  /** How far a reader at `position` is behind the head: events, and the age of the first it has not had. */
  private async behind(events: EventStore, position: number, head: number) {
    if (position >= head) return { events: 0, seconds: 0 };
    const dense = events.name === 'sqlite';
    const next = await events.readAll(position, dense ? 1 : COUNTED_BEHIND);
    const first = next[0];
    const seconds = first ? Math.max(0, (Date.now() - Date.parse(first.occurredAt)) / 1000) : 0;
    return { events: dense ? head - position : next.length, seconds };
  }
}

/**
 * The queue port as it was, noting the name of every queue this process adds to or processes: a
 * worker processes every queue from its start, so its scrape lists them all without a list to keep.
 */
export function namingQueues(jobs: JobQueue): { queue: JobQueue; names: ReadonlySet<string> } {
  const names = new Set<string>();
  const queue: JobQueue = {
    get name() {
      return jobs.name;
    },
    add: (name, jobName, data, options) => {
      names.add(name);
      return jobs.add(name, jobName, data, options);
    },
    process: (name, handler, options) => {
      names.add(name);
      return jobs.process(name, handler, options);
    },
    deadLetters: (name) => jobs.deadLetters(name),
    retryDead: (name, jobId) => jobs.retryDead(name, jobId),
    counts: (name) => jobs.counts(name),
    compact: () => jobs.compact?.() ?? Promise.resolve(),
    close: () => jobs.close(),
  };
  return { queue, names };
}

/** One reading for the gauges of one scrape: a call within a second of the last one shares its answer. */
function sharedWithinScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > 1000) {
      const answer = read();
      last = { at: Date.now(), answer };
      // a failed reading is not kept for the next scrape
      answer.catch(() => {
        if (last?.answer === answer) last = null;
      });
    }
    return last.answer;
  };
}

/** the token compared without revealing, by the time taken, how much of it a guess got right */
export function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `/metrics` on the public app, only when METRICS_TOKEN is set (app.ts mounts it then; otherwise the
 * address is unknown, a 404 like any other): the Prometheus text for `Authorization: Bearer <token>`,
 * 401 in the envelope for anything else.
 */
export function metricsRoute(metrics: Metrics, token: string): RequestHandler {
  return (req, res, next) => {
    if (req.path !== '/' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return notFoundRoute(req, res, next);
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !sameToken(given, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return next(new DomainError('UNAUTHENTICATED'));
    }
    metrics.text().then((text) => {
      res.setHeader('Cache-Control', 'no-store');
      res.type(metrics.contentType).send(text);
    }, next);
  };
}

/** A handler of more calls on the internal port: true when it answered the request. */
export type InternalHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The internal metrics port (METRICS_PORT): a server of its own answering GET /metrics, started
 * by every role's main, so a worker or a projector, which serve no HTTP otherwise, expose theirs.
 * `more` answers other calls of the internal network there (the operator's /admin/ calls).
 */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
  more?: InternalHandler,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (more?.(req, res)) return;
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.split('?')[0] === '/metrics') {
      metrics.text().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        () => {
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics could not be collected\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('only GET /metrics is served here\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
