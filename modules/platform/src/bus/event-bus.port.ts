/**
 * EventBus: a durable, ordered log with consumer groups (not a fire-and-forget pub/sub).
 *
 * Adapters: `@evently/sqlite` (embedded: the outbox table is the log, offsets live in SQLite) and `@evently/kafka`
 * (production: kafkajs, idempotent producer, one topic per aggregate type keyed by aggregate id).
 * Both pass `event-bus.contract.ts`.
 *
 * Delivery is at-least-once: a handler that throws is retried, and a crash before the offset is committed
 * delivers the message again, so handlers must be idempotent.
 *
 * Two subscription modes:
 * - `durable` (default): a named consumer group whose offsets are stored with the log and shared by every
 *   process subscribing with that name (they split the work); read models and mailers use it.
 * - `tail`: a private, in-memory position that starts at the current end of the log. Every process with a
 *   tail subscription sees every later message (fan-out), nothing is ever replayed, and nothing is stored, so
 *   a restart starts at the end again. For live pushes, which each api replica makes to its own sockets.
 */
import type { WaitingConsumer } from './consumer-waits.ts';
import type { LogErasure } from '../erasure/person-erasure.ts';
import type { DeadLetterQueue } from './dead-letters.ts';
import type { Delivered, Envelope } from './envelope.ts';

export type SubscriptionMode = 'durable' | 'tail';

export interface SubscribeArgs {
  /**
   * `durable`: the consumer group; its committed offsets survive restarts. `tail`: a prefix only; the adapter
   * appends `.<hostname>-<pid>-<random>` so no two tail subscriptions share (and split) a position.
   */
  group: string;
  topics: string[];
  /** Called with messages in log order per key; the offset is committed after it resolves. */
  handle: (batch: Array<Delivered>) => Promise<void>;
  /** Largest batch handed to `handle` at once (default 500). */
  maxBatch?: number;
  /**
   * Hand over at most one batch per this many milliseconds unless `maxBatch` messages are waiting: a smaller
   * batch waits out the rest of the interval since the previous one was handed over and takes what arrived
   * meanwhile. A read model then commits once per interval rather than once per trickle of messages, so its
   * readers see fewer generations. Offsets are still committed only after `handle` resolves. 0 or omitted:
   * each batch as soon as it is read. The embedded log counts the interval per subscription (one sequence);
   * Kafka per partition (a fetched batch is one partition's: a group reading P partitions hands over at most P
   * batches per interval), holding a smaller batch by pausing its partition and fetching it again after.
   */
  batchIntervalMs?: number;
  /**
   * `durable` (default) or `tail`: start at the end of the log as of `subscribe()`, keep the position in
   * memory only and never commit it, so `lag` and `resetGroup` never see it. Failing handlers are retried
   * the same way in both modes: same batch again after a delay, nothing skipped.
   */
  mode?: SubscriptionMode;
  /**
   * Failures of one batch caused by its messages before they are tried one by one and those that still fail
   * are moved to the dead-letter queue (default `DEFAULT_MAX_ATTEMPTS`; a permanent error skips the count, an
   * outage is never counted). See `dead-letters.ts`.
   */
  maxAttempts?: number;
  /**
   * Keep the handled position in memory and store it only when `commit()` is called (a durable group's replay
   * into a copy that is swapped in at the end: `npm run seed` alongside its writes). A position stored before
   * the swap would point past messages the live copy never received, and on the embedded log every stored
   * position is a commit to the file the writers use, which empties their page caches. `drained()` counts
   * what was handled. An adapter whose stored positions cost the writers nothing may still store them per
   * batch (Kafka: the broker's offsets topic); either way a crash delivers at most the uncommitted part again.
   */
  deferCommits?: boolean;
}

export interface Subscription {
  /** The consumer group actually used: the caller's name for `durable`, the unique name for `tail`. */
  readonly group: string;
  /** Resolves once every message published before the call has been handled (used by tests and reindex). */
  drained(): Promise<void>;
  /**
   * Stores the handled position now: a `deferCommits` subscription's only commit (call it before `stop()`, which
   * never stores a deferred position). Resolves at once where every handled batch is stored already.
   */
  commit(): Promise<void>;
  stop(): Promise<void>;
}

export interface EventBus {
  readonly engine: 'sqlite' | 'kafka';
  /** Messages consumer groups gave up on (embedded: a table; Kafka: the compacted `evently.dead-letters` topic). */
  readonly deadLetters: DeadLetterQueue;
  /** Forgets a person: redacts records (embedded), tombstones compacted keys (Kafka), redacts dead letters. */
  readonly erasure: LogErasure;
  /**
   * This process's consumer positions paused until a dependency answers (an outage is waited for, never
   * dead-lettered: `outage.ts`), for metrics and health pages.
   */
  waiting(): WaitingConsumer[];
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
