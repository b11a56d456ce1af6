// The embedded profile's door: the document store, the event log and the search index on SQLite files.
export { createSqliteDocumentStore, type SqliteDocumentStoreOptions } from './store/sqlite-document-store.ts';
export { createSqliteEventBus, type SqliteEventBusOptions } from './log/sqlite-event-bus.ts';
export { createSqliteSearchIndex, type SqliteSearchIndexOptions } from './search/sqlite-search-index.ts';
