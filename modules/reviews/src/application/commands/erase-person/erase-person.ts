/**
 * Erasure: every review written with the address goes through `deleteReview`, so `ReviewDeleted` takes its
 * rating out of the events' ratings read model like any deletion. The reviewer's name is reported for the log's
 * redaction.
 */
import { eraseDocuments, type ErasureSubject, type ModuleErasure } from '@evently/platform';
import { REVIEWS_TOPIC } from '../../../contracts/messages.ts';
import { emailKey } from '../../../domain/duplicate-key.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';
import { deleteReview } from '../delete-review/delete-review.ts';

export async function erasePerson(ctx: ReviewsContext, subject: ErasureSubject): Promise<ModuleErasure> {
  return eraseDocuments({
    module: 'reviews',
    kind: 'reviews',
    topic: REVIEWS_TOPIC,
    documents: await reviewsCollection.find(ctx.store, { where: { email_key: emailKey(subject.email) } }),
    remove: (id) => deleteReview(ctx, id),
    contacts: (review) => [review.user_email],
    names: (review) => [review.user_name],
  });
}
