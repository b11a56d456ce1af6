/** Builds the one versioned message each change of an event publishes (topic `evently.events`, key = id). */
import { randomUUID } from 'node:crypto';
import type { OutboxRecord } from '@evently/platform';
import { EVENTS_TOPIC } from '../contracts/event-messages.ts';

export function eventEnvelope<T>(args: { type: string; id: string; aggregateVersion: number; data: T; at: Date }): OutboxRecord<T> {
  return {
    id: randomUUID(),
    topic: EVENTS_TOPIC,
    key: args.id,
    type: args.type,
    version: 1,
    aggregate_version: args.aggregateVersion,
    data: args.data,
    metadata: { occurred_at: args.at.toISOString() },
  };
}
