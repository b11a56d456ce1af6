/**
 * Offset arithmetic for `lag` and `drained`, kept pure so it is unit-tested without a broker.
 *
 * Kafka reports offsets as decimal strings. A group's committed offset is the next offset it will read;
 * a negative one (-1: nothing committed yet, -2: reset to earliest by `resetGroup`) means the group starts
 * at the partition's low watermark, because our consumers subscribe `fromBeginning`.
 */

export interface PartitionWatermark {
  partition: number;
  /** First offset still in the log. */
  low: string;
  /** Offset the next appended message will get. */
  high: string;
}

export interface CommittedOffset {
  partition: number;
  offset: string;
}

/** Where the group will read next in this partition. */
export function nextPosition(watermark: PartitionWatermark, committed: CommittedOffset | undefined): bigint {
  const low = BigInt(watermark.low);
  if (!committed) return low;
  const offset = BigInt(committed.offset);
  // Retention may have deleted what the group never read; it restarts at the low watermark then.
  return offset < low ? low : offset;
}

/** Messages in the topic the group has not handled yet. */
export function topicLag(watermarks: PartitionWatermark[], committed: CommittedOffset[]): number {
  const byPartition = new Map(committed.map((entry) => [entry.partition, entry]));
  let lag = 0n;
  for (const watermark of watermarks) {
    const remaining = BigInt(watermark.high) - nextPosition(watermark, byPartition.get(watermark.partition));
    if (remaining > 0n) lag += remaining;
  }
  return Number(lag);
}

/** True once the group has handled everything below `targets` (high watermarks taken earlier). */
export function reached(targets: PartitionWatermark[], committed: CommittedOffset[]): boolean {
  return topicLag(targets, committed) === 0;
}
