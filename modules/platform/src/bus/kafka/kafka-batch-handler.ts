/**
 * What a consumer does with one fetched batch (one topic-partition): hand it to the subscriber in chunks of
 * at most `maxBatch`, and after each chunk the subscriber accepted, mark it consumed and commit its offset.
 * Nothing is committed for a chunk whose handler threw, so kafkajs fetches it again (at-least-once).
 *
 * A record that is not a valid envelope is logged and committed past: it can never become valid, and
 * retrying it would block every later message of its partition.
 *
 * A tail subscription (`tail` set) commits nothing: it reports each handled position through `onHandled` and
 * keeps it in memory. It also retries a failing chunk itself, in place: letting kafkajs restart the consumer
 * would rejoin a group without committed offsets, which starts at the latest offset and skips the rest.
 */
import type { EachBatchPayload } from 'kafkajs';
import type { Logger } from 'pino';
import type { Delivered } from '../envelope.ts';
import { decodeMessage } from './kafka-codec.ts';

export interface BatchHandlerOptions {
  handle: (batch: Delivered[]) => Promise<void>;
  maxBatch: number;
  logger: Logger;
  /** Called after each commit, or each handled chunk of a tail subscription (wakes `drained()` waiters). */
  onCommitted: () => void;
  /** Tail mode: never commit; report the next offset to read instead and retry failures in place. */
  tail?: {
    onHandled: (topic: string, partition: number, nextOffset: string) => void;
    retryDelayMs: number;
    maxRetryDelayMs: number;
  };
}

/** The parts of kafkajs's eachBatch payload the handler uses. */
export type BatchPayload = Pick<
  EachBatchPayload,
  'batch' | 'resolveOffset' | 'commitOffsetsIfNecessary' | 'uncommittedOffsets' | 'heartbeat' | 'isRunning' | 'isStale'
>;

export function createBatchHandler(options: BatchHandlerOptions): (payload: BatchPayload) => Promise<void> {
  const { handle, maxBatch, logger, onCommitted, tail } = options;

  /** Tail mode: the same chunk again after a growing delay until it passes; false once the batch is no longer ours. */
  const handleInPlace = async (payload: BatchPayload, delivered: Delivered[]): Promise<boolean> => {
    for (let failures = 1; ; failures += 1) {
      try {
        await handle(delivered);
        return true;
      } catch (error) {
        const delay = Math.min(tail!.retryDelayMs * 2 ** (failures - 1), tail!.maxRetryDelayMs);
        logger.warn({ err: error, attempt: failures, retryInMs: delay, fromOffset: delivered[0]?.offset }, 'event handler failed; will redeliver');
        await new Promise((resolve) => setTimeout(resolve, delay));
        // Keeps the session alive while waiting (the delay stays well below the session timeout).
        await payload.heartbeat();
        if (!payload.isRunning() || payload.isStale()) return false;
      }
    }
  };

  return async (payload) => {
    const { batch } = payload;
    for (let start = 0; start < batch.messages.length; start += maxBatch) {
      // After a rebalance or a seek this batch is no longer ours to finish; the new owner re-reads it.
      if (!payload.isRunning() || payload.isStale()) return;
      const chunk = batch.messages.slice(start, start + maxBatch);
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
        if (delivered.length > 0 && !(await handleInPlace(payload, delivered))) return;
        // resolveOffset keeps kafkajs's in-memory position; nothing goes to the broker.
        payload.resolveOffset(lastOffset);
        tail.onHandled(batch.topic, batch.partition, (BigInt(lastOffset) + 1n).toString());
        onCommitted();
        await payload.heartbeat();
        continue;
      }
      if (delivered.length > 0) await handle(delivered);
      payload.resolveOffset(lastOffset);
      // autoCommit is off, so commit explicitly: exactly what has been handled, nothing more.
      await payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
      onCommitted();
      await payload.heartbeat();
    }
  };
}
