/**
 * The reviews' answers as the API document describes them and the handlers are typed by. The public view
 * never carries the reviewer's e-mail or the admin notes; the admin view carries everything the moderation
 * tab shows.
 */
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_STATUSES } from './vocabulary.ts';

/** What a review of a catalogue event shows about it: enough for the `/events/{slug}` link and its caption. */
export const reviewEventSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

export const publicReviewSchema = z.object({
  id: z.string(),
  event_id: z.number().nullable().describe("The catalogue event's id, or null for a free-text event"),
  event: reviewEventSchema.nullable(),
  event_name: z.string().nullable().describe('Free-text events only: the name the reviewer typed'),
  event_link: z.string().nullable().describe('Free-text events only: an http(s) address or a site path'),
  user_name: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  title: z.string().nullable(),
  comment: z.string().nullable(),
  attended: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
  created_at: z.string(),
});

export const adminReviewSchema = publicReviewSchema.extend({
  user_email: z.string(),
  admin_notes: z.string().nullable().describe('The reason given on rejection'),
  updated_at: z.string(),
  version: z.number(),
});

export const reviewPaginationSchema = z.object({ page: z.number(), pages: z.number(), total: z.number() });

/** 201 of both submit calls (a repeat from one address is answered alike and not stored). */
export const reviewSubmittedSchema = z.object({
  review: publicReviewSchema.optional().describe('Absent only when the submission was not kept'),
  message: z.string(),
});
export const reviewPageSchema = z.object({ reviews: z.array(publicReviewSchema), pagination: reviewPaginationSchema });
export const adminReviewListSchema = z.object({ reviews: z.array(adminReviewSchema) });
export const moderatedReviewSchema = z.object({ review: adminReviewSchema });
export const reviewDeletedSchema = z.object({ message: z.string() });

export type ReviewEvent = z.infer<typeof reviewEventSchema>;
export type PublicReview = z.infer<typeof publicReviewSchema>;
export type AdminReview = z.infer<typeof adminReviewSchema>;
export type ReviewPagination = z.infer<typeof reviewPaginationSchema>;
export type ReviewSubmitted = z.infer<typeof reviewSubmittedSchema>;
export type ReviewPage = z.infer<typeof reviewPageSchema>;
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;
export type ReviewDeleted = z.infer<typeof reviewDeletedSchema>;
