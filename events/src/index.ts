export * from './envelope';
export * from './store/port';
export { SqliteEventStore, type SqliteDurability } from './store/sqlite';
export { AppendSignal } from './store/pollingSubscription';
export * from './catalogue/index';
