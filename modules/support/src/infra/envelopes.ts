/** Builds the outbox records this module appends alongside its writes (topic `evently.support-tickets`). */
import { createEnvelope, type OutboxRecord } from '@evently/platform';
import {
  SUPPORT_TICKETS_TOPIC,
  supportMessageSchemas,
  type SupportTicketDeleted,
  type SupportTicketMessagePosted,
  type SupportTicketOpened,
  type SupportTicketStatusChanged,
} from '../contracts/messages.ts';

type Payloads = {
  SupportTicketOpened: SupportTicketOpened;
  SupportTicketStatusChanged: SupportTicketStatusChanged;
  SupportTicketMessagePosted: SupportTicketMessagePosted;
  SupportTicketDeleted: SupportTicketDeleted;
};

/** Validates `data` against the message's schema before it is appended, so nothing malformed enters the log. */
export function ticketMessage<T extends keyof Payloads>(
  type: T,
  ticketId: string,
  aggregateVersion: number,
  data: Payloads[T],
  now: Date,
): OutboxRecord {
  return createEnvelope({
    topic: SUPPORT_TICKETS_TOPIC,
    key: ticketId,
    type,
    aggregateVersion,
    data: supportMessageSchemas[type].parse(data),
    occurredAt: now,
  });
}
