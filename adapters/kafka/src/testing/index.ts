// Test-only door, '@evently/kafka/testing': a single-node KRaft Kafka in a container (testcontainers).
export { startKafka, type StartedKafka } from './kafka-kraft-container.ts';
