/**
 * What a consumer does with one fetched batch (one topic-partition): hand it to the subscriber in chunks of
 * at most `maxBatch`, and after each chunk the subscriber accepted, mark it consumed and commit its offset.
 * Nothing is committed for a chunk whose handler threw: the handler pauses that partition alone (kafkajs's
 * `pause()` of the batch payload), resumes it after a capped, doubling delay, and kafkajs then fetches it again
 * from the last resolved offset (at-least-once). Other partitions keep flowing meanwhile, the member keeps its
 * heartbeats, and no error reaches kafkajs, whose own retries would end in restarting the consumer. Pacing and
 * logs come from consumer-waits.ts: an outage is waited for as long as it lasts, a message's own failure is
 * counted by withDeadLetters until the message is set aside.
 *
 * With `batchIntervalMs` a chunk smaller than `maxBatch` is handed over at most once per interval per partition,
 * unless `maxBatch` messages wait in that partition (the batch's high watermark says how many): a chunk that
 * comes sooner is held, as a failing one is, without being handled or resolved, and its partition is paused
 * for the rest of the interval; once resumed, kafkajs fetches from the same offset again, now with what arrived
 * meanwhile. A projector then writes one read-model transaction per partition and interval, and its offset is
 * committed after that transaction, as always. Each fetched batch is one partition's, so a group reading P
 * partitions makes at most P batches per interval, where the embedded log's single sequence makes one.
 *
 * A record that is not a valid envelope is logged and committed past: it can never become valid, and
 * retrying it would block every later message of its partition.
 *
 * A tail subscription (`tail` set) commits nothing: it reports each handled position through `onHandled` and
 * keeps it in memory. It retries a failing chunk in place instead of pausing: the wait stays well below the
 * session timeout, and a rejoin would start a group without committed offsets at the latest offset.
 */
import type { EachBatchPayload } from 'kafkajs';
import type { Logger } from 'pino';
import type { Delivered, Backoff, ConsumerWaits } from '@evently/platform';
import { realSleep, type PositionPacer } from '@evently/platform/adapter-kit';
import { decodeMessage } from './kafka-codec.ts';

export interface BatchHandlerOptions {
  handle: (batch: Delivered[]) => Promise<void>;
  maxBatch: number;
  logger: Logger;
  /** Called after each commit, or each handled chunk of a tail subscription (wakes `drained()` waiters). */
  onCommitted: () => void;
  /** The consumer group (logs and the waiting board). */
  group: string;
  /** Where positions waiting for a dependency are shown. */
  waits: ConsumerWaits;
  /** Delay before a failing partition is tried again. */
  backoff: Backoff;
  /** Hand a partition's smaller chunks over at most once per this many ms (0 or omitted: as they come). */
  batchIntervalMs?: number;
  /** The clock of `batchIntervalMs` (tests pass their own; `Date.now` otherwise). */
  now?: () => number;
  /** Tail mode: never commit; report the next offset to read instead and retry failures in place. */
  tail?: {
    onHandled: (topic: string, partition: number, nextOffset: string) => void;
  };
}

/** The parts of kafkajs's eachBatch payload the handler uses. */
export type BatchPayload = Pick<
  EachBatchPayload,
  | 'batch'
  | 'resolveOffset'
  | 'commitOffsetsIfNecessary'
  | 'uncommittedOffsets'
  | 'heartbeat'
  | 'isRunning'
  | 'isStale'
  | 'pause'
>;

export function createBatchHandler(options: BatchHandlerOptions): (payload: BatchPayload) => Promise<void> {
  const { handle, maxBatch, logger, onCommitted, tail } = options;
  const sleep = options.backoff.sleep ?? realSleep;
  const interval = options.batchIntervalMs ?? 0;
  if (!Number.isFinite(interval) || interval < 0) throw new Error('batchIntervalMs must be a non-negative number');
  const now = options.now ?? Date.now;
  /** When each partition last handed a chunk over (`batchIntervalMs`). */
  const handedAt = new Map<string, number>();
  const pacers = new Map<string, PositionPacer>();
  const pacerOf = (topic: string, partition: number): PositionPacer => {
    const position = `${topic}/${partition}`;
    let pacer = pacers.get(position);
    if (!pacer) {
      pacer = options.waits.position(options.group, position, logger, options.backoff);
      pacers.set(position, pacer);
    }
    return pacer;
  };

  /** Tail mode: the same chunk again after a growing delay until it passes; false once the batch is no longer ours. */
  const handleInPlace = async (
    payload: BatchPayload,
    pacer: PositionPacer,
    delivered: Delivered[],
  ): Promise<boolean> => {
    for (;;) {
      try {
        await handle(delivered);
        pacer.succeeded();
        return true;
      } catch (error) {
        await sleep(pacer.failed(error, delivered[0]?.offset));
        // Keeps the session alive while waiting (the delay stays well below the session timeout).
        await payload.heartbeat();
        if (!payload.isRunning() || payload.isStale()) {
          pacer.forget();
          return false;
        }
      }
    }
  };

  /** Durable mode: leave this partition unresolved and paused; kafkajs fetches it again once resumed. */
  const pauseAfter = (
    payload: BatchPayload,
    pacer: PositionPacer,
    error: unknown,
    fromOffset: string | undefined,
  ): void => {
    const delay = pacer.failed(error, fromOffset);
    const resume = payload.pause();
    void sleep(delay).then(resume, resume);
  };

  /**
   * Whether this chunk waits for the partition's interval: true after pausing the partition until it ends. Held
   * chunks are neither handled nor resolved, so the fetch after the pause starts at the chunk's first offset.
   */
  const heldForInterval = (payload: BatchPayload, position: string, firstOffset: string): boolean => {
    if (interval === 0) return false;
    const at = now();
    const wait = (handedAt.get(position) ?? -Infinity) + interval - at;
    // The high watermark is the offset after the partition's last record: what waits from this chunk on.
    const waiting = BigInt(payload.batch.highWatermark) - BigInt(firstOffset);
    if (wait > 0 && waiting < BigInt(maxBatch)) {
      const resume = payload.pause();
      void sleep(wait).then(resume, resume);
      return true;
    }
    handedAt.set(position, at);
    return false;
  };

  return async (payload) => {
    const { batch } = payload;
    const pacer = pacerOf(batch.topic, batch.partition);
    const position = `${batch.topic}/${batch.partition}`;
    for (let start = 0; start < batch.messages.length; start += maxBatch) {
      // After a rebalance or a seek this batch is no longer ours to finish; the new owner re-reads it.
      if (!payload.isRunning() || payload.isStale()) return;
      const chunk = batch.messages.slice(start, start + maxBatch);
      if (heldForInterval(payload, position, chunk[0]!.offset)) return;
      const delivered: Delivered[] = [];
      for (const message of chunk) {
        const decoded = decodeMessage(batch.topic, batch.partition, message);
        if (decoded.ok) delivered.push(decoded.delivered);
        else {
          logger.warn(
            { topic: batch.topic, partition: batch.partition, offset: message.offset, reason: decoded.reason },
            'skipping malformed kafka record',
          );
        }
      }
      const lastOffset = chunk[chunk.length - 1]!.offset;
      if (tail) {
        if (delivered.length > 0 && !(await handleInPlace(payload, pacer, delivered))) return;
        // resolveOffset keeps kafkajs's in-memory position; nothing goes to the broker.
        payload.resolveOffset(lastOffset);
        tail.onHandled(batch.topic, batch.partition, (BigInt(lastOffset) + 1n).toString());
        onCommitted();
        await payload.heartbeat();
        continue;
      }
      if (delivered.length > 0) {
        try {
          await handle(delivered);
        } catch (error) {
          pauseAfter(payload, pacer, error, delivered[0]?.offset);
          return;
        }
        pacer.succeeded();
      }
      payload.resolveOffset(lastOffset);
      // autoCommit is off, so commit explicitly: exactly what has been handled, nothing more.
      await payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
      onCommitted();
      await payload.heartbeat();
    }
  };
}
