export * from './envelope';
export * from './store/port';
export { SqliteEventStore, type SqliteDurability } from './store/sqlite';
export { AppendSignal, pollingSubscription } from './store/pollingSubscription';
export { LogTail } from './store/logTail';
export * from './catalogue/index';
