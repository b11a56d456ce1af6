/**
 * EventBus on the embedded engine: the outbox table is the log. Built with `{ store }` it shares the
 * store's SQLite connection, so a transaction's outbox records are already on the bus when it commits and
 * the relay has nothing to move. Built with `{ file }` it is a standalone log that `publish` appends to.
 */
import { pino, type Logger } from 'pino';
import {
  type Envelope,
  type EventBus,
  type SubscribeArgs,
  type Subscription,
  type DocumentStore,
  withDeadLetters,
  ConsumerWaits,
} from '@evently/platform';
import { uniqueTailGroup } from '@evently/platform/adapter-kit';
import { SqliteEngine, engineOf } from '../store/sqlite-engine.ts';
import { appendToOutbox } from '../store/sqlite-outbox.ts';
import { SqliteSubscription, type SubscriptionTiming } from './sqlite-subscription.ts';
import { createSqliteDeadLetters } from './sqlite-dead-letters.ts';
import { createSqliteLogErasure } from './sqlite-log-erasure.ts';

export type SqliteEventBusOptions = ({ store: DocumentStore; file?: never } | { file: string; store?: never }) &
  Partial<SubscriptionTiming> & { logger?: Logger };

export async function createSqliteEventBus(options: SqliteEventBusOptions): Promise<EventBus> {
  const ownsEngine = options.store === undefined;
  const engine = options.store ? engineOf(options.store) : new SqliteEngine(options.file);
  const logger = options.logger ?? pino({ level: 'silent' });
  const timing: SubscriptionTiming = {
    pollIntervalMs: options.pollIntervalMs ?? 250,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.now ? { now: options.now } : {}),
  };
  const waits = new ConsumerWaits();
  const active = new Set<SqliteSubscription>();
  const deadLetters = createSqliteDeadLetters(engine);
  let closed = false;

  // From now on every outbox row of this file is a log entry; rows appended before the bus existed are
  // already in the log, so they need no relay either.
  engine.outboxIsLog = true;
  await engine.write(() => {
    engine
      .statement(engine.writer, 'UPDATE outbox SET relayed_at = ? WHERE relayed_at IS NULL')
      .run(new Date().toISOString());
  });

  const assertTopics = (topics: string[]) => {
    if (topics.length === 0 || topics.some((topic) => typeof topic !== 'string' || topic.length === 0)) {
      throw new Error('topics must be a non-empty list of non-empty names');
    }
  };

  const committedOffset = (group: string, topic: string): number => {
    const row = engine
      .statement(engine.reader, 'SELECT seq FROM consumer_offsets WHERE group_name = ? AND topic = ?')
      .get(group, topic) as { seq: number } | undefined;
    return row?.seq ?? 0;
  };

  return {
    engine: 'sqlite',
    deadLetters,
    erasure: createSqliteLogErasure(engine),
    waiting: () => waits.list(),
    async init(topics: string[]): Promise<void> {
      assertTopics(topics);
    },
    async publish(messages: Envelope[]): Promise<void> {
      if (closed) throw new Error('event bus is closed');
      if (messages.length === 0) return;
      // Validation happens inside the write: one malformed message rolls back the whole call.
      await engine.write(() => appendToOutbox(engine, messages, new Date().toISOString()));
      engine.notifyCommit();
    },
    async subscribe(args: SubscribeArgs): Promise<Subscription> {
      if (closed) throw new Error('event bus is closed');
      assertTopics(args.topics);
      const tail = args.mode === 'tail';
      if (!tail && [...active].some((subscription) => subscription.group === args.group)) {
        throw new Error(`consumer group ${args.group} already has a subscription in this process`);
      }
      // A tail group is unique, so resetGroup (which matches names) can never rewind it.
      const group = tail ? uniqueTailGroup(args.group) : args.group;
      const handle = withDeadLetters({
        group,
        handle: args.handle,
        queue: deadLetters,
        logger,
        maxAttempts: args.maxAttempts,
      });
      const subscription = new SqliteSubscription(engine, { ...args, handle }, group, timing, logger, waits);
      subscription.start();
      active.add(subscription);
      return {
        group,
        drained: () => subscription.drained(),
        commit: () => subscription.commit(),
        stop: async () => {
          active.delete(subscription);
          await subscription.stop();
        },
      };
    },
    async resetGroup(group: string, topics: string[]): Promise<void> {
      assertTopics(topics);
      await engine.write(() => {
        const remove = engine.statement(
          engine.writer,
          'DELETE FROM consumer_offsets WHERE group_name = ? AND topic = ?',
        );
        for (const topic of topics) remove.run(group, topic);
      });
      for (const subscription of active) if (subscription.group === group) subscription.rewind(topics);
    },
    async lag(group: string, topics: string[]): Promise<Record<string, number>> {
      const count = engine.statement(engine.reader, 'SELECT COUNT(*) AS n FROM outbox WHERE topic = ? AND seq > ?');
      const result: Record<string, number> = {};
      for (const topic of topics) result[topic] = (count.get(topic, committedOffset(group, topic)) as { n: number }).n;
      return result;
    },
    async ping(): Promise<void> {
      engine.assertOpen();
      engine.statement(engine.reader, 'SELECT 1').get();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([...active].map((subscription) => subscription.stop()));
      active.clear();
      if (ownsEngine) {
        const release = await engine.writeLock.acquire();
        try {
          engine.close();
        } finally {
          release();
        }
      }
    },
  };
}
