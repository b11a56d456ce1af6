/**
 * Where a tail subscription stands in each partition: the next offset to read, in memory only (a tail
 * subscription never commits). It starts at the high watermarks, i.e. after everything already published.
 */
import type { Admin } from 'kafkajs';
import type { CommittedOffset } from './kafka-offsets.ts';

export interface PartitionPosition {
  topic: string;
  partition: number;
  offset: string;
}

export class TailPositions {
  private readonly next = new Map<string, Map<number, string>>();

  static async atEnd(admin: Pick<Admin, 'fetchTopicOffsets'>, topics: string[]): Promise<TailPositions> {
    const positions = new TailPositions();
    for (const topic of topics) {
      const partitions = new Map<number, string>();
      for (const { partition, high } of await admin.fetchTopicOffsets(topic)) partitions.set(partition, high);
      positions.next.set(topic, partitions);
    }
    return positions;
  }

  /** Records that everything below `nextOffset` was handled (an arrow, so it can be passed as a callback). */
  readonly handled = (topic: string, partition: number, nextOffset: string): void => {
    const partitions = this.next.get(topic) ?? new Map<number, string>();
    const current = partitions.get(partition);
    // Positions only move forward; a late report of an older chunk must not move one back.
    if (current === undefined || BigInt(nextOffset) > BigInt(current)) partitions.set(partition, nextOffset);
    this.next.set(topic, partitions);
  };

  /** Every partition's position, as seek targets. */
  all(): PartitionPosition[] {
    return [...this.next].flatMap(([topic, partitions]) =>
      [...partitions].map(([partition, offset]) => ({ topic, partition, offset })),
    );
  }

  /** The positions in the shape the broker reports committed offsets in, for `reached()`. */
  asCommitted(topics: string[]): Array<{ topic: string; partitions: CommittedOffset[] }> {
    return topics.map((topic) => ({
      topic,
      partitions: [...(this.next.get(topic) ?? new Map<number, string>())].map(([partition, offset]) => ({
        partition,
        offset,
      })),
    }));
  }
}
