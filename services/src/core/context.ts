import type { EventStore } from '@estate/events';
import type { ProjectionRunner, ReadStore } from '@estate/projections';
import type { Bus } from './bus/port';
import type { Config } from './config';
import type { JobQueue } from './jobs/port';
import type { Logger } from './logger';
import type { OpenApi } from './openapi';

/** What every slice's routes and handlers are given: the ports, never a concrete adapter. */
export type AppContext = {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: ProjectionRunner;
  bus: Bus;
  jobs: JobQueue;
  openApi: OpenApi;
};
