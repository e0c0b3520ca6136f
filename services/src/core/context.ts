import type { EventStore } from '@estate/events';
import type { ProjectionProgress, ReadStore } from '@estate/projections';
import type { BotCheck } from './botCheck';
import type { Bus } from './bus/port';
import type { FileStore } from './files';
import type { MailProvider, SmsProvider } from './notify/port';
import type { PaymentProvider } from './payments/port';
import type { RateLimits } from './rateLimits';
import type { Config } from './config';
import type { JobQueue } from './jobs/port';
import type { Logger } from './logger';
import type { OpenApi } from './openapi';
import type { AddressSuggestions } from './addresses';
import type { Metrics } from './metrics';
import type { PersonalData } from './personalData';

/** What every slice's routes and handlers are given: the ports, never a concrete adapter. */
export type AppContext = {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  /** the keys of the personal fields in the log: erasing a person forgets theirs (core/personalData.ts) */
  personalData: PersonalData;
  readStore: ReadStore;
  /** how far the read models are: the API waits on it to read its own writes */
  projections: ProjectionProgress;
  bus: Bus;
  jobs: JobQueue;
  openApi: OpenApi;
  sms: SmsProvider;
  mail: MailProvider;
  botCheck: BotCheck;
  limits: RateLimits;
  files: FileStore;
  payments: PaymentProvider;
  /** address suggestions and coordinates (DaData, or the shipped gazetteer outside production) */
  addresses: AddressSuggestions;
  /** how far the reactors are (SMS, e-mail, chat messages that follow facts): tests wait on it */
  reactors: { whenCaughtUp(position?: number): Promise<void> };
  /** how far the statistics are (the interactions topic folded into their read models): the start and the seed wait on it */
  interactions: { whenCaughtUp(): Promise<void> };
  /** this process's Prometheus registry and instruments (core/metrics.ts), served at /metrics */
  metrics: Metrics;
  /**
   * Loads every read model a snapshot's start left to load (they load when first used otherwise): the
   * server calls it once it answers, so the first answer does not wait on documents nobody asked for.
   */
  loadReadModels(): Promise<void>;
  /** the time decisions are made at; tests move it to expire codes and links */
  clock: () => Date;
  /** stops what this process runs in the background (the in-process projections) */
  close(): Promise<void>;
};
