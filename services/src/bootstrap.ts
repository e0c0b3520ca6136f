import { join } from 'node:path';
import { SqliteEventStore } from '@estate/events';
import { allProjections, MemoryReadStore, ProjectionRunner } from '@estate/projections';
import { SqliteBus } from './core/bus/sqlite';
import type { Config } from './core/config';
import { InProcessJobQueue } from './core/jobs/memory';
import type { AppContext } from './core/context';
import { createLogger, type Logger } from './core/logger';
import { createOpenApi } from './core/openapi';

/**
 * The composition root: picks an adapter for each port from the configuration and starts the
 * projections. Embedded mode keeps read models in memory and rebuilds them from the log at start.
 */
export async function buildContext(config: Config, logger: Logger = createLogger(config.LOG_LEVEL)): Promise<AppContext> {
  const eventStore = new SqliteEventStore(join(config.dataDir, 'events.sqlite'), config.EVENTSTORE_DURABILITY);
  const readStore = new MemoryReadStore();
  const projections = new ProjectionRunner(eventStore, readStore, allProjections, {
    onError: (error, event) => logger.error({ err: error, position: event?.position, type: event?.type }, 'projection failed; retrying'),
  });
  await projections.start();
  await projections.whenCaughtUp();
  // the bus has a file of its own, so its writes never wait on the event log's write lock
  const bus = new SqliteBus(join(config.dataDir, 'bus.sqlite'));
  const jobs = new InProcessJobQueue();
  return { config, logger, eventStore, readStore, projections, bus, jobs, openApi: createOpenApi() };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.jobs.close();
  await ctx.projections.stop();
  await ctx.bus.close();
  await ctx.readStore.close();
  await ctx.eventStore.close();
}
