/** Builds the outbox records this module appends alongside its writes. */
import { randomUUID } from 'node:crypto';
import type { OutboxRecord } from '@evently/platform';
import { SUBSCRIBERS_TOPIC } from '../contracts/messages.ts';

export function subscriberMessage(
  type: string,
  subscriberId: string,
  aggregateVersion: number,
  data: Record<string, unknown>,
  now: Date,
): OutboxRecord {
  return {
    id: randomUUID(),
    topic: SUBSCRIBERS_TOPIC,
    key: subscriberId,
    type,
    version: 1,
    aggregate_version: aggregateVersion,
    data: { subscriber_id: subscriberId, ...data },
    metadata: { occurred_at: now.toISOString() },
  };
}
