import { join } from 'node:path';
import { SqliteEventStore, type EventStore, type StoredEvent } from '@estate/events';
import {
  CheckpointProgress,
  MemoryReadStore,
  ProjectionRunner,
  dropSnapshots,
  ReadModelSnapshots,
  snapshotFolder,
  type ReadStore,
} from '@estate/projections';
import type { Bus } from './core/bus/port';
import type { JobQueue } from './core/jobs/port';
import { SqliteBus } from './core/bus/sqlite';
import { startBackground } from './background';
import { productionWarnings, type Config } from './core/config';
import { observeCommands, setStreamQueueDepth } from './core/decider';
import { Metrics, namingQueues } from './core/metrics';
import { SqliteJobQueue } from './core/jobs/sqlite';
import {
  ReadStoreCheckpointStore,
  SqliteCheckpointStore,
  type CheckpointStore,
} from './core/reactors/checkpoints';
import { defineReactor, ReactorRunner } from './core/reactors/reactor';
import { allReactors, projectionsOf } from './slices';
import { withPersonalData } from './core/personalData';
import type { AppContext } from './core/context';
import { createLogger, type Logger } from './core/logger';
import { tracedProjections, tracingJobs } from './core/tracing';
import { createOpenApi } from './core/openapi';
import { AcceptAnyToken, RecaptchaV3, type BotCheck } from './core/botCheck';
import { DiskFileStore } from './core/files';
import { HttpSmsGateway } from './core/notify/httpSms';
import { OutboxMail, OutboxSms } from './core/notify/outbox';
import type { MailProvider, SmsProvider } from './core/notify/port';
import { FlexibleRateLimits } from './core/rateLimits';
import { NoPayments } from './core/payments/port';
import { SandboxPayments, YooKassaPayments } from './money';
import { chooseAddressSuggestions } from './geo';

/** Adapters a test may put in place of the configured ones (a failing SMS provider, a moving clock). */
export type ContextOverrides = Partial<
  Pick<AppContext, 'sms' | 'mail' | 'botCheck' | 'clock' | 'payments' | 'addresses'>
> & {
  /** the event store as the app uses it, around the configured one (tests: a networked engine's pace) */
  wrapEventStore?: (store: EventStore) => EventStore;
};

/**
 * The composition root: picks an adapter for each port from the configuration (an engine's URL
 * present selects it, absent selects the embedded adapter) and starts the projections. Embedded
 * read models live in memory and are rebuilt from the log at start; MongoDB ones resume from their
 * stored checkpoints.
 */
export async function buildContext(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  // the engines' clients are loaded only when configured: embedded, the start does not pay their ~0.6 s of imports
  const configuredStore: EventStore = config.EVENTSTORE_URL
    ? new (await import('@estate/events/store/kurrent')).KurrentEventStore(config.EVENTSTORE_URL)
    : new SqliteEventStore(join(config.dataDir, 'events.sqlite'), config.EVENTSTORE_DURABILITY);
  // personal fields are encrypted per person in the log, phone stream ids hashed (core/personalData.ts)
  const personal = await withPersonalData(config, configuredStore);
  const eventStore = overrides.wrapEventStore?.(personal.eventStore) ?? personal.eventStore;
  const { personalData } = personal;
  setStreamQueueDepth(eventStore, config.STREAM_QUEUE_DEPTH);
  // one registry per context: every role exposes its own, and two test apps in one process never share one
  const metrics = new Metrics({ role: config.ROLE });
  observeCommands(eventStore, metrics.commandObserver);
  const readStore: ReadStore = config.MONGO_URL
    ? await (
        await import('@estate/projections/readStore/mongo')
      ).MongoReadStore.connect(config.MONGO_URL, config.MONGO_DB)
    : new MemoryReadStore();
  const onError = projectionFailed(metrics, logger);
  // in 'all' the projections run here; an api process follows the projector's stored checkpoints
  let runner: ProjectionRunner | null = null;
  let snapshots: ReadModelSnapshots | null = null;
  let projections: AppContext['projections'];
  if (config.ROLE === 'all') {
    runner = new ProjectionRunner(eventStore, readStore, tracedProjections(projectionsOf()), { onError });
    // embedded read models start from their newest usable snapshot and catch up from the log after it
    if (readStore instanceof MemoryReadStore && config.READ_SNAPSHOTS)
      snapshots = await restoreSnapshot(config, runner, readStore, eventStore, logger);
    await runner.start();
    await runner.whenCaughtUp();
    // once a person is erased, nothing decrypted before stays in the read models, nor in their snapshots
    const rebuilt = runner;
    const snapshotsNow = snapshots;
    personalData.afterErasure.push(async () => {
      await rebuilt.rebuild('all');
      await snapshotsNow?.write(); // one being written from before the rebuild ends first
      dropSnapshots(config.dataDir); // the next is written from the erased state
    });
    snapshots?.start();
    projections = runner;
  } else {
    projections = new CheckpointProgress(
      eventStore,
      readStore,
      projectionsOf().map((p) => p.name),
    );
  }
  // the bus has a file of its own, so its writes never wait on the event log's write lock
  const bus: Bus = config.KAFKA_BROKERS
    ? new (await import('./core/bus/kafka')).KafkaBus(config.KAFKA_BROKERS)
    : new SqliteBus(join(config.dataDir, 'bus.sqlite'));
  // the queues this process uses are noted by name: the metrics count the jobs of each
  const namedJobs = namingQueues(
    tracingJobs(
      config.REDIS_URL
        ? new (await import('./core/jobs/bullmq')).BullMqJobQueue(config.REDIS_URL)
        : new SqliteJobQueue(join(config.dataDir, 'jobs.sqlite')),
    ),
  );
  const jobs: JobQueue = namedJobs.queue;
  const clock = overrides.clock ?? (() => new Date());
  const sms: SmsProvider =
    overrides.sms ??
    (config.SMS_GATEWAY_URL
      ? new HttpSmsGateway(config.SMS_GATEWAY_URL, {
          token: config.SMS_GATEWAY_TOKEN,
          sender: config.SMS_SENDER,
        })
      : new OutboxSms(readStore, clock));
  const mail: MailProvider =
    overrides.mail ??
    (config.SMTP_URL
      ? new (await import('./core/notify/smtp')).SmtpMail(config.SMTP_URL, config.MAIL_FROM)
      : new OutboxMail(readStore, clock));
  const botCheck: BotCheck =
    overrides.botCheck ??
    (config.RECAPTCHA_SECRET
      ? new RecaptchaV3(config.RECAPTCHA_SECRET, config.RECAPTCHA_MIN_SCORE, config.RECAPTCHA_VERIFY_URL)
      : new AcceptAnyToken());
  // the limiter's own connection: BullMQ's are blocking ones and must not carry other commands
  const limitsRedis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  limitsRedis?.on('error', (error) =>
    logger.warn({ err: error }, 'rate-limit Redis unavailable; counting in memory'),
  );
  const hour = 3600;
  const limits = new FlexibleRateLimits(
    {
      smsPerPhone: { points: config.SMS_LIMIT_PER_PHONE, durationSeconds: hour },
      smsPerIp: { points: config.SMS_LIMIT_PER_IP, durationSeconds: hour },
      codeChecksPerIp: { points: config.CODE_CHECK_LIMIT_PER_IP, durationSeconds: 600 },
      emailsPerUser: { points: 10, durationSeconds: hour },
      bookingsPerIp: { points: config.BOOKING_LIMIT_PER_IP, durationSeconds: hour },
      bookingsPerPhone: { points: config.BOOKING_LIMIT_PER_PHONE, durationSeconds: 24 * hour },
      bookingsPerListing: { points: config.BOOKING_LIMIT_PER_LISTING, durationSeconds: hour },
      chatMessagesPerUser: { points: config.CHAT_MESSAGES_PER_MINUTE, durationSeconds: 60 },
      addressSuggestionsPerIp: { points: config.ADDRESS_LIMIT_PER_IP, durationSeconds: 60 },
      photosPerUser: { points: config.PHOTO_UPLOADS_PER_HOUR, durationSeconds: hour },
      leadsPerIp: { points: config.LEADS_LIMIT_PER_IP, durationSeconds: hour },
      leadsPerPhone: { points: config.LEADS_LIMIT_PER_PHONE, durationSeconds: 24 * hour },
      complaintsPerIp: { points: config.COMPLAINTS_LIMIT_PER_IP, durationSeconds: hour },
      complaintsPerPhone: { points: config.COMPLAINTS_LIMIT_PER_PHONE, durationSeconds: 24 * hour },
      complaintsPerListing: { points: config.COMPLAINTS_LIMIT_PER_LISTING, durationSeconds: 24 * hour },
    },
    limitsRedis,
  );
  const files = new DiskFileStore(join(config.dataDir, 'storage'));
  // the sandbox credits wallets for free: never in production, where no keys means no payments
  const payments =
    overrides.payments ??
    (config.YOOKASSA_SHOP_ID && config.YOOKASSA_SECRET_KEY
      ? new YooKassaPayments(config.YOOKASSA_SHOP_ID, config.YOOKASSA_SECRET_KEY)
      : config.NODE_ENV === 'production'
        ? new NoPayments()
        : new SandboxPayments(readStore));
  const addresses = overrides.addresses ?? chooseAddressSuggestions(config, logger);
  // what production cannot run without was refused by loadConfig; what is merely off is said here
  for (const warning of productionWarnings(config)) logger.warn(warning);
  logger.info(
    {
      eventStore: eventStore.name,
      readStore: readStore.name,
      bus: bus.name,
      jobs: jobs.name,
      sms: sms.name,
      mail: mail.name,
      botCheck: botCheck.name,
      limits: limits.name,
      payments: payments.name,
      addresses: addresses.name,
    },
    'adapters',
  );
  const ctx: AppContext = {
    config,
    logger,
    eventStore,
    personalData,
    readStore,
    projections,
    bus,
    jobs,
    openApi: createOpenApi(),
    metrics,
    sms,
    mail,
    botCheck,
    limits,
    files,
    payments,
    addresses,
    clock,
    reactors: { whenCaughtUp: () => Promise.resolve() },
    interactions: { whenCaughtUp: () => Promise.resolve() },
    loadReadModels: () => snapshots?.loadRest() ?? Promise.resolve(),
    close: () => Promise.resolve(),
  };
  // reactors run where the workers run; their checkpoints must outlive a restart (a sent SMS is not rebuilt)
  let reactors: ReactorRunner | null = null;
  let checkpoints: CheckpointStore | null = null;
  if (config.ROLE === 'all' || config.ROLE === 'worker') {
    checkpoints = config.MONGO_URL
      ? new ReadStoreCheckpointStore(readStore)
      : new SqliteCheckpointStore(join(config.dataDir, 'reactors.sqlite'));
    reactors = new ReactorRunner(eventStore, checkpoints, allReactors(ctx), logger, (reactor) =>
      metrics.reactorRetries.inc({ reactor }),
    );
    await reactors.start();
    ctx.reactors = reactors;
  }
  // what this role can tell at scrape time: the read models' lag where they are projected or followed,
  // the reactors and the queues where the workers run, the read store's sizes where it is written
  metrics.watch({ events: eventStore, dataDir: config.dataDir });
  if (config.ROLE !== 'worker') metrics.watch({ projections });
  if (reactors) metrics.watch({ reactors, jobs: namedJobs });
  if (config.ROLE === 'all' || config.ROLE === 'projector')
    metrics.watch({ readStore: { store: readStore, collections: readModelCollections() } });
  const background = config.ROLE === 'all' || config.ROLE === 'worker' ? await startBackground(ctx) : null;
  // the embedded statistics are rebuilt from the whole topic at every start: ready once folded, as the projections
  if (readStore.name === 'memory') await ctx.interactions.whenCaughtUp();
  ctx.close = async () => {
    await background?.stop();
    await reactors?.stop();
    await checkpoints?.close();
    await runner?.stop();
    await snapshots?.stop();
    await mail.close?.();
    limitsRedis?.disconnect();
  };
  return ctx;
}

/** The snapshots of the embedded read models, the newest usable one loaded into the store (projections/src/snapshots.ts). */
async function restoreSnapshot(
  config: Config,
  runner: ProjectionRunner,
  store: MemoryReadStore,
  events: EventStore,
  logger: Logger,
): Promise<ReadModelSnapshots> {
  const snapshots = new ReadModelSnapshots(snapshotFolder(config.dataDir), runner, store, events, {
    everyEvents: config.READ_SNAPSHOT_EVERY_EVENTS,
    everyMs: config.READ_SNAPSHOT_EVERY_MINUTES * 60_000,
    written: ({ file, position, bytes, ms, longestSliceMs }) =>
      logger.info(
        { file, position, bytes, ms: Math.round(ms), longestSliceMs: Math.round(longestSliceMs) },
        'read-model snapshot written',
      ),
    failed: (error) => logger.error({ err: error }, 'read-model snapshot not written'),
    damaged: (collection, error) =>
      logger.error(
        { err: error, collection },
        'read-model snapshot damaged; the projections writing this collection are rebuilt from the log',
      ),
  });
  const started = performance.now();
  const position = await snapshots.restore((file, reason) =>
    logger.warn({ file, reason }, 'read-model snapshot ignored; the log is replayed instead'),
  );
  if (position !== null)
    logger.info(
      { position, ms: Math.round(performance.now() - started) },
      'read models restored from a snapshot (each collection loads when first used); catching up from the log',
    );
  return snapshots;
}

/** A projection's failed try (retried, never skipped): counted, and logged with the event's correlation id. */
const projectionFailed = (metrics: Metrics, logger: Logger) => (error: unknown, event?: StoredEvent) => {
  metrics.projectionRetries.inc();
  logger.error(
    {
      err: error,
      position: event?.position,
      type: event?.type,
      correlationId: event?.metadata.correlationId,
    },
    'projection failed; retrying',
  );
};

/** A projector process: a runner that saves its checkpoint after every event (API processes poll it), under a lease. */
export function projectorRunner(ctx: AppContext): ProjectionRunner {
  return new ProjectionRunner(ctx.eventStore, ctx.readStore, tracedProjections(projectionsOf()), {
    checkpointEvery: 1,
    onError: projectionFailed(ctx.metrics, ctx.logger),
  });
}

export const READ_MODELS_AFTER_ERASURE_REACTOR = 'read-models-after-erasure';

/**
 * A separate projector's answer to an erasure (ROLE=projector, the read models in MongoDB): while
 * it leads, every `PersonErased` has it rebuild the read models, so no copy decrypted before the
 * keys were forgotten stays in them (in ROLE=all the erasure reactor does it: afterErasure above).
 * Its checkpoint is in the read store, so an erasure appended while no projector led is rebuilt
 * for by the next leader.
 */
export function erasureRebuilds(ctx: AppContext, projector: ProjectionRunner): ReactorRunner {
  const rebuilds = defineReactor({
    name: READ_MODELS_AFTER_ERASURE_REACTOR,
    handles: ['PersonErased'],
    // the store dropped this process's cached keys of the person as it read the event
    react: () => projector.rebuild('all'),
  });
  return new ReactorRunner(
    ctx.eventStore,
    new ReadStoreCheckpointStore(ctx.readStore),
    [rebuilds],
    ctx.logger,
  );
}

/** every collection a read model owns, once */
const readModelCollections = () => [...new Set(projectionsOf().flatMap((p) => Object.keys(p.collections)))];

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.close();
  await ctx.jobs.close();
  await ctx.bus.close();
  await ctx.readStore.close();
  await ctx.eventStore.close();
}
