/** Builds the one versioned message each change of an event publishes (topic `evently.events`, key = id). */
import { createEnvelope, type OutboxRecord } from '@evently/platform';
import { EVENTS_TOPIC } from '../contracts/event-messages.ts';

export function eventEnvelope<T>(args: { type: string; id: string; aggregateVersion: number; data: T; at: Date }): OutboxRecord<T> {
  return createEnvelope({
    topic: EVENTS_TOPIC,
    key: args.id,
    type: args.type,
    aggregateVersion: args.aggregateVersion,
    data: args.data,
    occurredAt: args.at,
  });
}
