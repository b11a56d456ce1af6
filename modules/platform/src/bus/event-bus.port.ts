/**
 * EventBus: a durable, ordered log with consumer groups (not a fire-and-forget pub/sub).
 *
 * Adapters: `sqlite-log/` (embedded: the outbox table is the log, offsets live in SQLite) and `kafka/`
 * (production: kafkajs, idempotent producer, one topic per aggregate type keyed by aggregate id).
 * Both pass `event-bus.contract.ts`.
 *
 * Delivery is at-least-once: a handler that throws is retried, and a crash before the offset is committed
 * delivers the message again, so handlers must be idempotent.
 */
import type { Delivered, Envelope } from './envelope.ts';

export interface SubscribeArgs {
  /** Durable consumer group; its committed offsets survive restarts. */
  group: string;
  topics: string[];
  /** Called with messages in log order per key; the offset is committed after it resolves. */
  handle: (batch: Array<Delivered>) => Promise<void>;
  /** Largest batch handed to `handle` at once (default 500). */
  maxBatch?: number;
}

export interface Subscription {
  /** Resolves once every message published before the call has been handled (used by tests and reindex). */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

export interface EventBus {
  readonly engine: 'sqlite' | 'kafka';
  init(topics: string[]): Promise<void>;
  /** Appends messages to their topics; resolves once they are durable. */
  publish(messages: Envelope[]): Promise<void>;
  subscribe(args: SubscribeArgs): Promise<Subscription>;
  /** Moves a group's offsets back to the start of the given topics, so it replays the whole log. */
  resetGroup(group: string, topics: string[]): Promise<void>;
  /** How many messages the group has not yet handled, per topic. */
  lag(group: string, topics: string[]): Promise<Record<string, number>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
