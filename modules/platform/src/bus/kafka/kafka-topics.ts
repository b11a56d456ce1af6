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

export function topicConfigs(topics: string[], layout: TopicLayout): ITopicConfig[] {
  const unique = [...new Set(topics.map(assertValidTopicName))];
  assertNoMetricCollision(unique);
  return unique.map((topic) => ({
    topic,
    numPartitions: layout.partitions,
    replicationFactor: layout.replicationFactor,
    // The log is the system of record for projections: keep it, so `npm run reindex` can replay it all.
    configEntries: [{ name: 'retention.ms', value: '-1' }],
  }));
}
