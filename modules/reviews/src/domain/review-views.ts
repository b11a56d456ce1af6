/**
 * The answer shapes. The public view never carries the reviewer's e-mail or the admin notes; the admin view
 * carries everything the moderation tab shows.
 */
import type { Stored } from '@evently/platform';
import type { AdminReview, PublicReview } from '../contracts/review-answers.ts';
import type { Review, ReviewEventEmbed } from './review.ts';

export type { AdminReview, PublicReview };

/** `event` may be given fresher than the stored copy (the catalogue's current name and slug). */
export function toPublicReview(review: Stored<Review>, event: ReviewEventEmbed | null = review.event): PublicReview {
  return {
    id: review.id,
    event_id: review.event_id,
    event: event
      ? { id: event.id, slug: event.slug, name: event.name, city: event.city, country: event.country }
      : null,
    event_name: review.event_name,
    event_link: review.event_link,
    user_name: review.user_name,
    rating: review.rating,
    title: review.title,
    comment: review.comment,
    attended: review.attended,
    status: review.status,
    created_at: review.created_at,
  };
}

export function toAdminReview(review: Stored<Review>, event: ReviewEventEmbed | null = review.event): AdminReview {
  return {
    ...toPublicReview(review, event),
    user_email: review.user_email,
    admin_notes: review.admin_notes,
    updated_at: review.updated_at,
    version: review.version,
  };
}
