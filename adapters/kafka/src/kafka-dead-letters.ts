/**
 * The production dead-letter queue: the compacted topic `evently.dead-letters`, keyed by dead-letter id.
 * `add` produces the entry; `remove` produces a tombstone (null value), which compaction turns into the
 * entry's deletion, so the topic stays as small as the set of open dead letters. Reading (`list`, `get`)
 * is an admin task: a private consumer group reads the topic from its start up to the high watermarks
 * taken when the call begins and is deleted afterwards, so nothing is committed for it.
 *
 * `counts` (the metrics' gauge, read at every scrape) keeps the folded topic in memory, as open ids per group,
 * and reads only the records written since its last read: a scrape with no new dead letter costs one
 * watermark request, never a read of the whole topic.
 */
import { randomUUID } from 'node:crypto';
import type { Admin, Kafka, Producer } from 'kafkajs';
import type { DeadLetter, DeadLetterQueue } from '@evently/platform';

export const DEAD_LETTER_TOPIC = 'evently.dead-letters';

export interface DeadLetterRecord {
  key: string;
  /** The JSON entry, or null for a tombstone. */
  value: string | null;
}

/** Last record per key wins; a tombstone removes the key. Oldest first by failure time. */
export function foldDeadLetters(records: DeadLetterRecord[]): DeadLetter[] {
  const open = new Map<string, DeadLetter>();
  for (const record of records) {
    if (record.value === null) open.delete(record.key);
    else open.set(record.key, JSON.parse(record.value) as DeadLetter);
  }
  return [...open.values()].sort((a, b) =>
    a.failed_at < b.failed_at ? -1 : a.failed_at > b.failed_at ? 1 : a.id < b.id ? -1 : 1,
  );
}

/**
 * The gauge's running fold of the topic: open dead-letter ids and their groups. `add` takes the records read
 * since the last call (a tombstone closes its id), `counts` answers per group.
 */
export class DeadLetterTally {
  private readonly groupOf = new Map<string, string>();

  add(records: DeadLetterRecord[]): void {
    for (const record of records) {
      if (record.value === null) this.groupOf.delete(record.key);
      else this.groupOf.set(record.key, (JSON.parse(record.value) as DeadLetter).group);
    }
  }

  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const group of this.groupOf.values()) counts[group] = (counts[group] ?? 0) + 1;
    return counts;
  }
}

export function createKafkaDeadLetters(deps: {
  kafka: () => Promise<Kafka>;
  producer: () => Promise<Producer>;
  admin: () => Promise<Admin>;
  ensureTopic: () => Promise<void>;
}): DeadLetterQueue {
  const send = async (key: string, value: string | null) => {
    await deps.ensureTopic();
    await (await deps.producer()).send({ topic: DEAD_LETTER_TOPIC, acks: -1, messages: [{ key, value }] });
  };

  /** The records from `from` (next offset per partition; absent means the start) up to the watermarks now. */
  const readSince = async (
    from: ReadonlyMap<number, bigint>,
  ): Promise<{ records: DeadLetterRecord[]; upTo: Map<number, bigint> }> => {
    await deps.ensureTopic();
    const admin = await deps.admin();
    const targets = new Map(
      (await admin.fetchTopicOffsets(DEAD_LETTER_TOPIC)).map((p) => [p.partition, BigInt(p.high)]),
    );
    const pending = new Set(
      [...targets].filter(([partition, high]) => high > (from.get(partition) ?? 0n)).map(([partition]) => partition),
    );
    const records: DeadLetterRecord[] = [];
    if (pending.size === 0) return { records, upTo: targets };
    const groupId = `dead-letters.reader.${randomUUID()}`;
    const consumer = (await deps.kafka()).consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 500 });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [DEAD_LETTER_TOPIC], fromBeginning: true });
      // A new group starts at the beginning; after each join, partitions read before start where they stopped.
      consumer.on(consumer.events.GROUP_JOIN, () => {
        for (const [partition, offset] of from)
          if (offset > 0n) consumer.seek({ topic: DEAD_LETTER_TOPIC, partition, offset: offset.toString() });
      });
      await new Promise<void>((resolve, reject) => {
        consumer.on(consumer.events.CRASH, ({ payload }) => reject(payload.error));
        consumer
          .run({
            autoCommit: false,
            eachMessage: async ({ partition, message }) => {
              const offset = BigInt(message.offset);
              if (offset < (from.get(partition) ?? 0n) || offset >= (targets.get(partition) ?? 0n)) return;
              if (message.key)
                records.push({ key: message.key.toString(), value: message.value ? message.value.toString() : null });
              // Compaction leaves gaps in offsets: done once the next offset reaches the watermark.
              if (offset + 1n >= (targets.get(partition) ?? 0n)) pending.delete(partition);
              if (pending.size === 0) resolve();
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect().catch(() => undefined);
      await admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return { records, upTo: targets };
  };

  const readAll = async (): Promise<DeadLetter[]> => foldDeadLetters((await readSince(new Map())).records);

  // The gauge's running fold, and the next offset to read per partition.
  const tally = new DeadLetterTally();
  let readUpTo = new Map<number, bigint>();
  let counting: Promise<Record<string, number>> | null = null;
  const countNow = async (): Promise<Record<string, number>> => {
    const { records, upTo } = await readSince(readUpTo);
    tally.add(records);
    readUpTo = upTo;
    return tally.counts();
  };

  return {
    add: (entry) => send(entry.id, JSON.stringify(entry)),
    async list(args = {}) {
      const all = (await readAll()).filter((entry) => args.group === undefined || entry.group === args.group);
      return all.slice(0, args.limit ?? 100);
    },
    async get(id) {
      return (await readAll()).find((entry) => entry.id === id) ?? null;
    },
    remove: (id) => send(id, null),
    counts() {
      // Overlapping scrapes share one read.
      counting ??= countNow().finally(() => (counting = null));
      return counting;
    },
  };
}
