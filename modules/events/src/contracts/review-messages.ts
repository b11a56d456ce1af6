/**
 * What this module reads from the reviews module's messages (topic `evently.reviews`, key = review id,
 * `aggregate_version` = the review's version, a deletion one past its last). The events module does not import
 * the reviews module: it parses the messages with this schema of the fields it needs, and the reviews module's
 * CONTEXT.md lists these fields as read by the `event-ratings` projector, so a change to them is a new
 * message version there.
 */
import { z } from 'zod';

export const REVIEWS_TOPIC = 'evently.reviews';

/** The review's state after each message type; only `approved` counts towards an event's rating. */
export const REVIEW_STATE_AFTER = {
  ReviewSubmitted: 'pending',
  ReviewApproved: 'approved',
  ReviewRejected: 'rejected',
  ReviewDeleted: 'deleted',
} as const;

export type ReviewState = (typeof REVIEW_STATE_AFTER)[keyof typeof REVIEW_STATE_AFTER];

/** Version 1 of every review message carries these; anything else in `data` is ignored here. */
export const reviewRatingFieldsV1 = z.object({
  /** The catalogue event, or null for a review of a free-text event (which no event's rating includes). */
  event_id: z.number().int().positive().nullable(),
  rating: z.number().int().min(1).max(5),
});

export type ReviewRatingFields = z.infer<typeof reviewRatingFieldsV1>;
