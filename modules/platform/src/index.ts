// The platform's only public door. Business modules import from '@evently/platform', never from its files.
export * from './store/document-store.port.ts';
export * from './bus/envelope.ts';
export * from './bus/event-bus.port.ts';
export * from './bus/outbox.port.ts';
export * from './search/search-index.port.ts';
export * from './projections/projector.ts';
export * from './clock/clock.ts';
export * from './module.ts';
export * from './http/http-error.ts';
export * from './http/validate.ts';
export * from './logging/logger.ts';
export * from './http/rate-limit.ts';
export * from './http/admin-auth.ts';
export * from './mail/mailer.port.ts';
export * from './mail/nodemailer-mailer.ts';
export { createSqliteSearchIndex, type SqliteSearchIndexOptions } from './search/sqlite-fts/sqlite-search-index.ts';
export { createMongoDocumentStore, type MongoDocumentStoreOptions } from './store/mongo/mongo-document-store.ts';
export { createKafkaEventBus, type KafkaEventBusOptions } from './bus/kafka/kafka-event-bus.ts';
