// The production document store's door: DocumentStore and Outbox on a MongoDB replica set (mongoose).
export { createMongoDocumentStore, type MongoDocumentStoreOptions } from './mongo-document-store.ts';
