import { join } from 'node:path';
import { SqliteEventStore, type EventStore } from '@estate/events';
import { KurrentEventStore } from '@estate/events/store/kurrent';
import { allProjections, CheckpointProgress, MemoryReadStore, ProjectionRunner, type ReadStore } from '@estate/projections';
import { MongoReadStore } from '@estate/projections/readStore/mongo';
import { KafkaBus } from './core/bus/kafka';
import type { Bus } from './core/bus/port';
import { BullMqJobQueue } from './core/jobs/bullmq';
import type { JobQueue } from './core/jobs/port';
import { SqliteBus } from './core/bus/sqlite';
import { startBackground } from './background';
import type { Config } from './core/config';
import { InProcessJobQueue } from './core/jobs/memory';
import type { AppContext } from './core/context';
import { createLogger, type Logger } from './core/logger';
import { createOpenApi } from './core/openapi';

/**
 * The composition root: picks an adapter for each port from the configuration (an engine's URL
 * present selects it, absent selects the embedded adapter) and starts the projections. Embedded
 * read models live in memory and are rebuilt from the log at start; MongoDB ones resume from their
 * stored checkpoints.
 */
export async function buildContext(config: Config, logger: Logger = createLogger(config.LOG_LEVEL)): Promise<AppContext> {
  const eventStore: EventStore = config.EVENTSTORE_URL
    ? new KurrentEventStore(config.EVENTSTORE_URL)
    : new SqliteEventStore(join(config.dataDir, 'events.sqlite'), config.EVENTSTORE_DURABILITY);
  const readStore: ReadStore = config.MONGO_URL ? await MongoReadStore.connect(config.MONGO_URL, config.MONGO_DB) : new MemoryReadStore();
  const onError = (error: unknown, event?: { position: number; type: string }) =>
    logger.error({ err: error, position: event?.position, type: event?.type }, 'projection failed; retrying');
  // in 'all' the projections run here; an api process follows the projector's stored checkpoints
  let runner: ProjectionRunner | null = null;
  let projections: AppContext['projections'];
  if (config.ROLE === 'all') {
    runner = new ProjectionRunner(eventStore, readStore, allProjections, { onError });
    await runner.start();
    await runner.whenCaughtUp();
    projections = runner;
  } else {
    projections = new CheckpointProgress(eventStore, readStore, allProjections.map((p) => p.name));
  }
  // the bus has a file of its own, so its writes never wait on the event log's write lock
  const bus: Bus = config.KAFKA_BROKERS ? new KafkaBus(config.KAFKA_BROKERS) : new SqliteBus(join(config.dataDir, 'bus.sqlite'));
  const jobs: JobQueue = config.REDIS_URL ? new BullMqJobQueue(config.REDIS_URL) : new InProcessJobQueue();
  logger.info({ eventStore: eventStore.name, readStore: readStore.name, bus: bus.name, jobs: jobs.name }, 'adapters');
  const ctx: AppContext = { config, logger, eventStore, readStore, projections, bus, jobs, openApi: createOpenApi(), close: async () => undefined };
  const background = config.ROLE === 'all' || config.ROLE === 'worker' ? await startBackground(ctx) : null;
  ctx.close = async () => {
    await background?.stop();
    await runner?.stop();
  };
  return ctx;
}

/** A projector process: a runner that saves its checkpoint after every event (API processes poll it), under a lease. */
export function projectorRunner(ctx: AppContext): ProjectionRunner {
  return new ProjectionRunner(ctx.eventStore, ctx.readStore, allProjections, {
    checkpointEvery: 1,
    onError: (error, event) => ctx.logger.error({ err: error, position: event?.position, type: event?.type }, 'projection failed; retrying'),
  });
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.close();
  await ctx.jobs.close();
  await ctx.bus.close();
  await ctx.readStore.close();
  await ctx.eventStore.close();
}
