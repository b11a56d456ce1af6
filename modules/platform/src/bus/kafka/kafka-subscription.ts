/**
 * One durable consumer group reading some topics (a projector, a mailer). At-least-once: the offset of a
 * chunk is committed only after `handle` resolved for it (kafka-batch-handler.ts); if `handle` throws,
 * nothing is committed, kafkajs retries the batch and, once its retries are spent, restarts the consumer,
 * which resumes from the last committed offset. A crash between handling and committing delivers the chunk
 * again, so handlers are idempotent (projectors compare `aggregate_version`).
 */
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import type { SubscribeArgs, Subscription } from '../event-bus.port.ts';
import { createBatchHandler } from './kafka-batch-handler.ts';
import { reached, type PartitionWatermark } from './kafka-offsets.ts';

const DEFAULT_MAX_BATCH = 500;
/** How often `drained()` re-reads the group's committed offsets when no local commit wakes it first. */
const DRAIN_POLL_MS = 200;

export interface KafkaSubscription extends Subscription {
  readonly group: string;
}

export async function startKafkaSubscription(deps: {
  kafka: Kafka;
  admin: () => Promise<Admin>;
  args: SubscribeArgs;
  logger: Logger;
  onStop: () => void;
}): Promise<KafkaSubscription> {
  const { kafka, args } = deps;
  const logger = deps.logger.child({ group: args.group });
  const maxBatch = args.maxBatch ?? DEFAULT_MAX_BATCH;
  const commitWaiters = new Set<() => void>();
  let stopped = false;

  const consumer: Consumer = kafka.consumer({
    groupId: args.group,
    allowAutoTopicCreation: false,
    // Bounds how long stop() waits for an in-flight fetch; an idle fetch still returns as soon as data arrives.
    maxWaitTimeInMs: 500,
  });
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    logger.error({ err: payload.error, restart: payload.restart }, 'kafka consumer crashed');
  });

  const committed = () => {
    for (const wake of [...commitWaiters]) wake();
  };

  const eachBatch = createBatchHandler({ handle: args.handle, maxBatch, logger, onCommitted: committed });

  await consumer.connect();
  try {
    // fromBeginning applies only to a group without committed offsets: a new projector replays the log.
    await consumer.subscribe({ topics: args.topics, fromBeginning: true });
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, partitionsConsumedConcurrently: 1, eachBatch });
  } catch (error) {
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  const nextCommitOrTimeout = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        commitWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, DRAIN_POLL_MS);
      commitWaiters.add(wake);
    });

  return {
    group: args.group,

    async drained() {
      const admin = await deps.admin();
      // Targets are the high watermarks now: what was published before the call.
      const targets = new Map<string, PartitionWatermark[]>();
      for (const topic of args.topics) targets.set(topic, await admin.fetchTopicOffsets(topic));
      // Committed offsets come from the broker, so partitions owned by another member of the group (another
      // worker process) count as well.
      for (;;) {
        if (stopped) throw new Error(`Subscription of group ${args.group} stopped before it drained`);
        const offsets = await admin.fetchOffsets({ groupId: args.group, topics: args.topics });
        const done = offsets.every(({ topic, partitions }) => reached(targets.get(topic) ?? [], partitions));
        if (done) return;
        await nextCommitOrTimeout();
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      committed();
      // disconnect() stops fetching, waits for the running batch and leaves the group, so the group is
      // empty afterwards and resetGroup may move its offsets.
      await consumer.disconnect();
      deps.onStop();
    },
  };
}
