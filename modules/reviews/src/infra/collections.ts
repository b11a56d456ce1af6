/** Storage layout of the reviews module on the DocumentStore port: a typed handle that decodes on read. */
import { defineCollection } from '@evently/platform';
import { z } from 'zod';
import { REVIEW_STATUSES, type Review } from '../domain/review.ts';

/** The fields of the one-review-per-e-mail-per-event rule; a UniqueConstraintError on them is a repeat, answered like a first review. */
export const ONE_REVIEW_PER_EMAIL = ['subject_key', 'email_key'];

const text = z.string().nullable();

export const reviewsCollection = defineCollection<Review>({
  name: 'reviews',
  unique: [ONE_REVIEW_PER_EMAIL],
  // The public list (approved, newest first) and the moderation tab (by status, or all, newest first).
  indexes: [['status', 'created_at'], ['created_at']],
  schema: z.object({
    event_id: z.number().int().nullable(),
    event: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), city: text, country: text }).nullable(),
    event_name: text,
    event_link: text,
    subject_key: z.string(),
    user_name: z.string(),
    user_email: z.string(),
    email_key: z.string(),
    rating: z.number().int(),
    title: text,
    comment: text,
    attended: z.boolean(),
    status: z.enum(REVIEW_STATUSES),
    admin_notes: text,
  }),
});

/** The collection's name, for readers that take one (specs, harnesses). */
export const REVIEWS = reviewsCollection.name;

export const reviewsCollections = [reviewsCollection.spec];
