/**
 * A module's messages on one topic, declared once: each type with its zod schema. Calling the factory
 * validates the data against its type's schema and stamps the envelope, so nothing malformed enters the log
 * and a message carries exactly the fields its schema names (anything else in the data is left out).
 */
import type { z } from 'zod';
import { createEnvelope, type OutboxRecord } from './envelope.ts';

export type MessageSchemas = Record<string, z.ZodType>;

export interface MessageFactory<S extends MessageSchemas> {
  /** Builds the outbox record of one change: `key` is the aggregate id, `aggregateVersion` its version after it. */
  <T extends keyof S & string>(
    type: T,
    key: string,
    aggregateVersion: number,
    data: z.input<S[T]>,
    occurredAt: Date,
  ): OutboxRecord<z.output<S[T]>>;
  readonly topic: string;
  readonly schemas: S;
}

export function defineMessages<S extends MessageSchemas>(topic: string, schemas: S): MessageFactory<S> {
  const message = <T extends keyof S & string>(
    type: T,
    key: string,
    aggregateVersion: number,
    data: z.input<S[T]>,
    occurredAt: Date,
  ) =>
    createEnvelope({
      topic,
      key,
      type,
      aggregateVersion,
      data: schemas[type]!.parse(data) as z.output<S[T]>,
      occurredAt,
    });
  return Object.assign(message, { topic, schemas });
}
