/**
 * Messages this module publishes on `evently.reviews`, keyed by review id, with the review's version after the
 * change as `aggregate_version` (a deletion is one past the last version). They carry what a read model of
 * ratings needs, ids, the rating and states, and nothing personal or free: no e-mail, name, title, comment,
 * typed event name or link. The log is copied to every consumer and replica.
 *
 * Consumed by the events module's `event-ratings` projector, which parses them with its own schema of the
 * fields it reads (`event_id`, `rating`, the type); changing those fields is a new message version.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_STATUSES } from '../domain/review.ts';

export const REVIEWS_TOPIC = 'evently.reviews';

export const reviewMessageTypes = {
  submitted: 'ReviewSubmitted',
  approved: 'ReviewApproved',
  rejected: 'ReviewRejected',
  deleted: 'ReviewDeleted',
} as const;

const status = z.enum(REVIEW_STATUSES);
const reviewRef = {
  review_id: z.string().min(1),
  /** The catalogue event, or null for a free-text event. */
  event_id: z.number().int().positive().nullable(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
};

export const reviewSubmittedSchema = z.object({ ...reviewRef, status: z.literal('pending') });
export const reviewApprovedSchema = z.object({ ...reviewRef, status: z.literal('approved'), previous_status: status });
export const reviewRejectedSchema = z.object({
  ...reviewRef,
  status: z.literal('rejected'),
  previous_status: status,
  /** Whether a reason was kept; the reason itself stays in the document. */
  with_reason: z.boolean(),
});
export const reviewDeletedSchema = z.object({ ...reviewRef, previous_status: status });

export type ReviewSubmitted = z.infer<typeof reviewSubmittedSchema>;
export type ReviewApproved = z.infer<typeof reviewApprovedSchema>;
export type ReviewRejected = z.infer<typeof reviewRejectedSchema>;
export type ReviewDeleted = z.infer<typeof reviewDeletedSchema>;

export const reviewMessageSchemas = {
  [reviewMessageTypes.submitted]: reviewSubmittedSchema,
  [reviewMessageTypes.approved]: reviewApprovedSchema,
  [reviewMessageTypes.rejected]: reviewRejectedSchema,
  [reviewMessageTypes.deleted]: reviewDeletedSchema,
} as const;

/** Builds this module's outbox records, each validated against its type's schema. */
export const reviewMessage = defineMessages(REVIEWS_TOPIC, reviewMessageSchemas);
