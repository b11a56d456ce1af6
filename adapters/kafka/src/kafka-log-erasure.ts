/**
 * Erasure on Kafka. A record in a Kafka log cannot be changed; what the engine allows is:
 *
 * - compacted topics: a tombstone (the key with a null value) for each erased aggregate, which the log cleaner
 *   turns into the removal of every earlier record of that key (`max.compaction.lag.ms` bounds how long an
 *   older record may wait for the cleaner, kafka-topics.ts);
 * - the dead-letter topic (compacted, keyed by dead-letter id): the redacted entry produced again under its own
 *   key, which replaces the one that named the person once the cleaner has run;
 * - history topics (changes, kept for replay): nothing can be rewritten, which is why their messages carry ids
 *   and states only (decision 028). They need no erasure: the person's data was never in them.
 */
import type { Producer } from 'kafkajs';
import {
  type DeadLetter,
  type DeadLetterQueue,
  aggregateMatcher,
  mentionsAny,
  redactValue,
  type ErasedAggregate,
  type LogErasure,
  type LogErasureRequest,
} from '@evently/platform';
import { DEAD_LETTER_TOPIC } from './kafka-dead-letters.ts';

export interface KafkaErasurePlan {
  tombstones: ErasedAggregate[];
  /** Dead letters to produce again, redacted, under their own ids. */
  deadLetters: DeadLetter[];
}

/** What to produce for one erasure: pure, so the rules are tested without a broker. */
export function planKafkaErasure(
  request: LogErasureRequest,
  openDeadLetters: readonly DeadLetter[],
  compactedTopics: ReadonlySet<string>,
): KafkaErasurePlan {
  const isErased = aggregateMatcher(request.aggregates);
  const tombstones = request.aggregates.filter(
    (aggregate) => compactedTopics.has(aggregate.topic) && aggregate.topic !== DEAD_LETTER_TOPIC,
  );
  const deadLetters = openDeadLetters.flatMap((entry) => {
    const terms = isErased(entry.message.topic, entry.message.key) ? request.aggregateTerms : request.terms;
    if (!mentionsAny(JSON.stringify(entry), terms)) return [];
    return [{ ...entry, message: redactValue(entry.message, terms), error: redactValue(entry.error, terms) }];
  });
  return { tombstones, deadLetters };
}

/** Enough to read every open dead letter in one pass (the topic holds only open ones once compacted). */
const ALL_DEAD_LETTERS = Number.MAX_SAFE_INTEGER;

export function createKafkaLogErasure(deps: {
  producer: () => Promise<Producer>;
  deadLetters: DeadLetterQueue;
  compactedTopics: ReadonlySet<string>;
  ensureTopics: (topics: string[]) => Promise<void>;
}): LogErasure {
  return {
    async erase(request) {
      const plan = planKafkaErasure(
        request,
        await deps.deadLetters.list({ limit: ALL_DEAD_LETTERS }),
        deps.compactedTopics,
      );
      if (plan.tombstones.length > 0) {
        await deps.ensureTopics([...new Set(plan.tombstones.map((tombstone) => tombstone.topic))]);
        await (
          await deps.producer()
        ).sendBatch({
          acks: -1,
          topicMessages: plan.tombstones.map((tombstone) => ({
            topic: tombstone.topic,
            messages: [{ key: tombstone.key, value: null }],
          })),
        });
      }
      for (const entry of plan.deadLetters) await deps.deadLetters.add(entry);
      return {
        redactedRecords: 0,
        tombstones: plan.tombstones.length,
        redactedDeadLetters: plan.deadLetters.length,
        compacted: false,
      };
    },
  };
}
