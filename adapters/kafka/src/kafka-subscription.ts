/**
 * One consumer group reading some topics (a projector, a mailer). At-least-once: the offset of a
 * chunk is committed only after `handle` resolved for it (kafka-batch-handler.ts); if `handle` throws,
 * nothing is committed and that partition alone is paused and fetched again after a growing delay. A crash between handling and committing delivers the chunk
 * again, so handlers are idempotent (projectors compare `aggregate_version`). With `batchIntervalMs` a partition's
 * smaller chunks wait for the interval the same way, paused and fetched again, so they grow meanwhile.
 *
 * A tail subscription (live pushes, one per api replica) is its own consumer group with a unique id
 * (`uniqueTailGroup`), so it is the only member of its group: its join never rebalances another replica, and
 * every replica reads every partition (fan-out). It never commits: kafkajs's `autoCommit: false` commits only
 * when asked, and seeking does not commit either. It starts at the high watermarks read before `subscribe()`
 * resolves and seeks there (and to its in-memory position after any later rejoin) on every group join;
 * `fromBeginning: false` (latest, per the kafkajs docs, for a group without committed offsets) is only the
 * fallback. `stop()` disconnects, which leaves the group at once, then deletes the empty group. A replica that
 * dies leaves its group behind until the session timeout empties it; as it holds no committed offsets the
 * coordinator drops it on its next cleanup, and anything ever committed under such a name would go with
 * the broker's `offsets.retention.minutes` (7 days by default) after the group became empty.
 */
import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import type { SubscribeArgs, Subscription, Backoff, ConsumerWaits } from '@evently/platform';
import { uniqueTailGroup } from '@evently/platform/adapter-kit';
import { createBatchHandler } from './kafka-batch-handler.ts';
import { reached, type PartitionWatermark } from './kafka-offsets.ts';
import { TailPositions } from './kafka-tail-positions.ts';

const DEFAULT_MAX_BATCH = 500;
/** How often `drained()` re-reads the group's committed offsets when no local commit wakes it first. */
const DRAIN_POLL_MS = 200;
/**
 * Redelivery pace of a failing partition. A tail subscription waits in place and heartbeats between waits, so
 * the cap stays well below kafkajs's 30 s session timeout.
 */
export const DEFAULT_KAFKA_BACKOFF: Backoff = { initialMs: 200, maxMs: 10_000 };

export interface KafkaSubscription extends Subscription {
  readonly group: string;
}

export async function startKafkaSubscription(deps: {
  kafka: Kafka;
  admin: () => Promise<Admin>;
  args: SubscribeArgs;
  logger: Logger;
  waits: ConsumerWaits;
  backoff?: Backoff;
  onStop: () => void;
}): Promise<KafkaSubscription> {
  const { kafka, args } = deps;
  const tail = args.mode === 'tail';
  const group = tail ? uniqueTailGroup(args.group) : args.group;
  const logger = deps.logger.child({ group });
  const maxBatch = args.maxBatch ?? DEFAULT_MAX_BATCH;
  const commitWaiters = new Set<() => void>();
  let stopped = false;
  // Read before subscribe() resolves: everything published later is at or above these offsets.
  const positions = tail ? await TailPositions.atEnd(await deps.admin(), args.topics) : null;

  const consumer: Consumer = kafka.consumer({
    groupId: group,
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

  if (positions) {
    // Fires after every join (the first one and any rejoin after a crash or a partition change) before the
    // next fetch; kafkajs drops data fetched for a partition while a seek on it is pending.
    consumer.on(consumer.events.GROUP_JOIN, () => {
      for (const target of positions.all()) {
        try {
          consumer.seek(target);
        } catch (error) {
          logger.error({ err: error, ...target }, 'could not seek the tail consumer to its position');
        }
      }
    });
  }

  const eachBatch = createBatchHandler({
    handle: args.handle,
    maxBatch,
    logger,
    onCommitted: committed,
    group,
    waits: deps.waits,
    backoff: deps.backoff ?? DEFAULT_KAFKA_BACKOFF,
    batchIntervalMs: args.batchIntervalMs ?? 0,
    ...(positions ? { tail: { onHandled: positions.handled } } : {}),
  });

  await consumer.connect();
  try {
    // fromBeginning applies only to a group without committed offsets: a new projector replays the log; a
    // tail group (never committed) would start at the latest offsets, but seeks to its own first anyway.
    await consumer.subscribe({ topics: args.topics, fromBeginning: !tail });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: 1,
      eachBatch,
    });
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
    group,

    async drained() {
      const admin = await deps.admin();
      // Targets are the high watermarks now: what was published before the call.
      const targets = new Map<string, PartitionWatermark[]>();
      for (const topic of args.topics) targets.set(topic, await admin.fetchTopicOffsets(topic));
      // Committed offsets come from the broker, so partitions owned by another member of the group (another
      // worker process) count as well. A tail group is alone and commits nothing: its memory is the truth.
      for (;;) {
        if (stopped) throw new Error(`Subscription of group ${group} stopped before it drained`);
        const offsets = positions
          ? positions.asCommitted(args.topics)
          : await admin.fetchOffsets({ groupId: group, topics: args.topics });
        const done = offsets.every(({ topic, partitions }) => reached(targets.get(topic) ?? [], partitions));
        if (done) return;
        await nextCommitOrTimeout();
      }
    },

    // `deferCommits` is not taken up: every chunk's offset is committed once handled, as always. Kafka's
    // commits go to the broker's offsets topic, not to storage the writers share (the reason the embedded log
    // defers them), so a deferred replay here just stores its progress earlier; nothing is left to store now.
    async commit() {},

    async stop() {
      if (stopped) return;
      stopped = true;
      committed();
      // disconnect() stops fetching, waits for the running batch and leaves the group, so the group is
      // empty afterwards and resetGroup may move its offsets.
      await consumer.disconnect();
      deps.waits.forgetGroup(group);
      deps.onStop();
      if (tail) {
        // The group is empty now and nothing will ever join it again; removing it keeps broker tools tidy.
        // Best effort: the coordinator drops an empty group without offsets on its own anyway.
        await (
          await deps.admin()
        )
          .deleteGroups([group])
          .catch((error: unknown) => logger.debug({ err: error }, 'could not delete the tail group'));
      }
    },
  };
}
