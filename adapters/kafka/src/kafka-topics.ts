/**
 * Topic naming. One topic per aggregate type, named as the envelope's `topic` (e.g. `evently.events`), so the
 * embedded log and Kafka use the same names. Names are checked against Kafka's own rules before the broker
 * sees them, which turns a typo into a clear start-up error instead of a retried metadata failure.
 */
import type { ITopicConfig } from 'kafkajs';

/** Kafka's limits: ASCII letters, digits, `.`, `_`, `-`; at most 249 characters; not `.` or `..`. */
const LEGAL_TOPIC = /^[A-Za-z0-9._-]{1,249}$/;

export function assertValidTopicName(name: string): string {
  if (!LEGAL_TOPIC.test(name) || name === '.' || name === '..') {
    throw new Error(
      `Invalid Kafka topic name "${name}": use 1-249 characters from letters, digits, ".", "_" and "-" (not "." or "..")`,
    );
  }
  return name;
}

/**
 * Kafka turns `.` into `_` in metric names, so `a.b` and `a_b` would report as one topic; the broker refuses
 * the second. Checking a whole set up front reports the clash with both names.
 */
export function assertNoMetricCollision(names: Iterable<string>): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    const metricName = name.replaceAll('.', '_');
    const other = seen.get(metricName);
    if (other !== undefined && other !== name) {
      throw new Error(`Kafka topics "${other}" and "${name}" collide (Kafka treats "." and "_" alike in metrics)`);
    }
    seen.set(metricName, name);
  }
}

export interface TopicLayout {
  /** Partitions per topic: the unit of parallelism of a consumer group (ordering holds per key). */
  partitions: number;
  /** Copies of each partition; 1 on a single broker, 3 on a production cluster. */
  replicationFactor: number;
}

/** Suffix of activity topics (page views, clicks): high volume, only recent history is worth keeping. */
export const ACTIVITY_TOPIC_SUFFIX = '.activity';
/** How long activity topics keep their records. */
export const ACTIVITY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The longest a record replaced or tombstoned on a compacted topic may wait for the log cleaner: an erased
 * person's dead letter or an erased key is physically gone within this (plus `delete.retention.ms`, one day by
 * default, for the tombstone itself). It also rolls the active segment, which is never compacted.
 */
export const MAX_COMPACTION_LAG_MS = 24 * 60 * 60 * 1000;

export type TopicKind = 'snapshot' | 'activity' | 'history';

/**
 * - `snapshot`: every message of a key carries the aggregate's whole state (or removes it), so compaction
 *   (`cleanup.policy=compact`: the broker keeps at least the last record per key) leaves a replayable snapshot
 *   of every aggregate, bounded by the number of aggregates rather than of changes; a replaced record is gone
 *   within `MAX_COMPACTION_LAG_MS`.
 * - `activity`: `cleanup.policy=delete` with `retention.ms` of 7 days.
 * - `history`: anything not declared otherwise keeps everything (`retention.ms=-1`): a module whose messages
 *   are changes rather than snapshots needs all of them to replay; it opts in to compaction once they are.
 *   Kept for ever, so they carry ids and states only, never a person's address, phone or name (decision 028).
 */
export function topicKind(topic: string, snapshotTopics: ReadonlySet<string>): TopicKind {
  if (topic.endsWith(ACTIVITY_TOPIC_SUFFIX)) return 'activity';
  return snapshotTopics.has(topic) ? 'snapshot' : 'history';
}

export function topicConfigEntries(kind: TopicKind): Array<{ name: string; value: string }> {
  switch (kind) {
    case 'snapshot':
      return [
        { name: 'cleanup.policy', value: 'compact' },
        { name: 'max.compaction.lag.ms', value: String(MAX_COMPACTION_LAG_MS) },
      ];
    case 'activity':
      return [
        { name: 'cleanup.policy', value: 'delete' },
        { name: 'retention.ms', value: String(ACTIVITY_RETENTION_MS) },
      ];
    case 'history':
      // The log is the system of record for projections: keep it, so `npm run reindex` can replay it all.
      return [{ name: 'retention.ms', value: '-1' }];
  }
}

export function topicConfigs(
  topics: string[],
  layout: TopicLayout,
  snapshotTopics: ReadonlySet<string> = new Set(),
): ITopicConfig[] {
  const unique = [...new Set(topics.map(assertValidTopicName))];
  assertNoMetricCollision(unique);
  return unique.map((topic) => ({
    topic,
    numPartitions: layout.partitions,
    replicationFactor: layout.replicationFactor,
    configEntries: topicConfigEntries(topicKind(topic, snapshotTopics)),
  }));
}
