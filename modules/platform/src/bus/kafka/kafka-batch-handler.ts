/**
 * What a consumer does with one fetched batch (one topic-partition): hand it to the subscriber in chunks of
 * at most `maxBatch`, and after each chunk the subscriber accepted, mark it consumed and commit its offset.
 * Nothing is committed for a chunk whose handler threw, so kafkajs fetches it again (at-least-once).
 *
 * A record that is not a valid envelope is logged and committed past: it can never become valid, and
 * retrying it would block every later message of its partition.
 */
import type { EachBatchPayload } from 'kafkajs';
import type { Logger } from 'pino';
import type { Delivered } from '../envelope.ts';
import { decodeMessage } from './kafka-codec.ts';

export interface BatchHandlerOptions {
  handle: (batch: Delivered[]) => Promise<void>;
  maxBatch: number;
  logger: Logger;
  /** Called after each commit (wakes `drained()` waiters). */
  onCommitted: () => void;
}

/** The parts of kafkajs's eachBatch payload the handler uses. */
export type BatchPayload = Pick<
  EachBatchPayload,
  'batch' | 'resolveOffset' | 'commitOffsetsIfNecessary' | 'uncommittedOffsets' | 'heartbeat' | 'isRunning' | 'isStale'
>;

export function createBatchHandler(options: BatchHandlerOptions): (payload: BatchPayload) => Promise<void> {
  const { handle, maxBatch, logger, onCommitted } = options;
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
      if (delivered.length > 0) await handle(delivered);
      payload.resolveOffset(chunk[chunk.length - 1]!.offset);
      // autoCommit is off, so commit explicitly: exactly what has been handled, nothing more.
      await payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
      onCommitted();
      await payload.heartbeat();
    }
  };
}
