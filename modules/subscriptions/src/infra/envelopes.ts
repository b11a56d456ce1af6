/** Builds the outbox records this module appends alongside its writes (topic `evently.subscribers`). */
import { createEnvelope, type OutboxRecord } from '@evently/platform';
import { SUBSCRIBERS_TOPIC } from '../contracts/messages.ts';

export function subscriberMessage(
  type: string,
  subscriberId: string,
  aggregateVersion: number,
  data: Record<string, unknown>,
  now: Date,
): OutboxRecord {
  return createEnvelope({
    topic: SUBSCRIBERS_TOPIC,
    key: subscriberId,
    type,
    aggregateVersion,
    data: { subscriber_id: subscriberId, ...data },
    occurredAt: now,
  });
}
