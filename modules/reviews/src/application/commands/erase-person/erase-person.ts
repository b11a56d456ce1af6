/**
 * Erasure: every review written with the address goes through `deleteReview`, so `ReviewDeleted` takes its
 * rating out of the events' ratings read model like any deletion. The reviewer's name is reported for the log's
 * redaction.
 */
import type { ErasureSubject, ModuleErasure } from '@evently/platform';
import { REVIEWS_TOPIC } from '../../../contracts/messages.ts';
import { emailKey } from '../../../domain/duplicate-key.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';
import { deleteReview } from '../delete-review/delete-review.ts';

export async function erasePerson(ctx: ReviewsContext, subject: ErasureSubject): Promise<ModuleErasure> {
  const reviews = await reviewsCollection.find(ctx.store, { where: { email_key: emailKey(subject.email) } });
  let removed = 0;
  for (const review of reviews) if (await deleteReview(ctx, review.id)) removed += 1;
  return {
    module: 'reviews',
    removed: { reviews: removed },
    aggregates: reviews.map((review) => ({ topic: REVIEWS_TOPIC, key: review.id })),
    contacts: reviews.map((review) => review.user_email),
    names: reviews.map((review) => review.user_name),
  };
}
