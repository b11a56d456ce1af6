/**
 * The message shape every module publishes. Events are past tense and versioned; `data` is validated by the
 * publishing module's zod schema before it is appended, and by the consumer's schema when it is applied.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export const envelopeSchema = z.object({
  /** Unique message id (UUID); consumers may use it to de-duplicate. */
  id: z.string().min(1),
  /** One topic per aggregate type, e.g. `evently.events`. */
  topic: z.string().min(1),
  /** Ordering key: the aggregate id. Messages with the same key are delivered in order. */
  key: z.string().min(1),
  /** Past-tense event name, e.g. `EventUpserted`. */
  type: z.string().min(1),
  /** Schema version of `data`. */
  version: z.number().int().positive(),
  /** Version of the aggregate after this change; projectors ignore anything older than what they hold. */
  aggregate_version: z.number().int().nonnegative(),
  data: z.unknown(),
  metadata: z.object({
    occurred_at: z.string(),
    correlation_id: z.string().optional(),
    causation_id: z.string().optional(),
  }),
});

export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: T };

/** What a transaction appends to the outbox; the relay turns it into an Envelope on the bus. */
export type OutboxRecord<T = unknown> = Envelope<T>;

/** A message as a consumer receives it, with its position in the log. */
export interface Delivered<T = unknown> extends Envelope<T> {
  /** Position in the topic (embedded: global sequence; Kafka: `partition:offset`). */
  offset: string;
}

export interface NewEnvelope<T> {
  topic: string;
  /** The aggregate id: the ordering key. */
  key: string;
  type: string;
  /** Schema version of `data`; 1 unless a module has evolved the message. */
  version?: number;
  aggregateVersion: number;
  data: T;
  occurredAt: Date;
  correlationId?: string;
  causationId?: string;
}

/** Stamps a new message with a fresh id: the one place envelopes are built, for modules and tests alike. */
export function createEnvelope<T>(args: NewEnvelope<T>): Envelope<T> {
  return {
    id: randomUUID(),
    topic: args.topic,
    key: args.key,
    type: args.type,
    version: args.version ?? 1,
    aggregate_version: args.aggregateVersion,
    data: args.data,
    metadata: {
      occurred_at: args.occurredAt.toISOString(),
      ...(args.correlationId ? { correlation_id: args.correlationId } : {}),
      ...(args.causationId ? { causation_id: args.causationId } : {}),
    },
  };
}
