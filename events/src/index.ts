export * from './envelope';
export * from './store/port';
export { SqliteEventStore, type SqliteDurability } from './store/sqlite';
export * from './catalogue/index';
