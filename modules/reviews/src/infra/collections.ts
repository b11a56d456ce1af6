/** Storage layout of the reviews module on the DocumentStore port. */
import type { CollectionSpec } from '@evently/platform';

export const REVIEWS = 'reviews';

/** The fields of the one-review-per-e-mail-per-event rule; a UniqueConstraintError on them is a repeat, answered like a first review. */
export const ONE_REVIEW_PER_EMAIL = ['subject_key', 'email_key'];

export const reviewsCollections: CollectionSpec[] = [
  {
    name: REVIEWS,
    unique: [ONE_REVIEW_PER_EMAIL],
    // The public list (approved, newest first) and the moderation tab (by status, or all, newest first).
    indexes: [['status', 'created_at'], ['created_at']],
  },
];
