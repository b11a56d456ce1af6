// The production event bus's door: EventBus on Kafka (kafkajs).
export { createKafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.ts';
