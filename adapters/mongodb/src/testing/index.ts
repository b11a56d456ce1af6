// Test-only door, '@evently/mongodb/testing': a MongoDB replica set in a container (testcontainers).
export { startMongoReplicaSet, type StartedMongoReplicaSet } from './mongo-replica-set-container.ts';
