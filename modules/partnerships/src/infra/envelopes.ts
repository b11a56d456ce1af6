/** Builds the outbox records this module appends alongside its writes (topic `evently.partnerships`). */
import { createEnvelope, type OutboxRecord } from '@evently/platform';
import {
  PARTNERSHIPS_TOPIC,
  partnershipMessageSchemas,
  type PartnershipRequestDeleted,
  type PartnershipRequestReceived,
  type PartnershipRequestStatusChanged,
} from '../contracts/messages.ts';

type Payloads = {
  PartnershipRequestReceived: PartnershipRequestReceived;
  PartnershipRequestStatusChanged: PartnershipRequestStatusChanged;
  PartnershipRequestDeleted: PartnershipRequestDeleted;
};

/** Validates `data` against the message's schema before it is appended, so nothing malformed enters the log. */
export function partnershipMessage<T extends keyof Payloads>(type: T, requestId: string, aggregateVersion: number, data: Payloads[T], now: Date): OutboxRecord {
  return createEnvelope({
    topic: PARTNERSHIPS_TOPIC,
    key: requestId,
    type,
    aggregateVersion,
    data: partnershipMessageSchemas[type].parse(data),
    occurredAt: now,
  });
}
