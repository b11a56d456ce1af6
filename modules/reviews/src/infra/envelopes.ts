/** Builds the outbox records this module appends alongside its writes (topic `evently.reviews`). */
import { createEnvelope, type OutboxRecord } from '@evently/platform';
import {
  REVIEWS_TOPIC,
  reviewMessageSchemas,
  type ReviewApproved,
  type ReviewDeleted,
  type ReviewRejected,
  type ReviewSubmitted,
} from '../contracts/messages.ts';

type Payloads = {
  ReviewSubmitted: ReviewSubmitted;
  ReviewApproved: ReviewApproved;
  ReviewRejected: ReviewRejected;
  ReviewDeleted: ReviewDeleted;
};

/** Validates `data` against the message's schema before it is appended, so nothing malformed enters the log. */
export function reviewMessage<T extends keyof Payloads>(type: T, reviewId: string, aggregateVersion: number, data: Payloads[T], now: Date): OutboxRecord {
  return createEnvelope({
    topic: REVIEWS_TOPIC,
    key: reviewId,
    type,
    aggregateVersion,
    data: reviewMessageSchemas[type].parse(data),
    occurredAt: now,
  });
}
