/** An administrator deletes a review for good; the log keeps only the fact, its event and rating. */
import { deleteAggregate } from '@evently/platform';
import { reviewMessageTypes, reviewMessage } from '../../../contracts/messages.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';

/** True when a review was deleted, false when none has that id. */
export function deleteReview(ctx: ReviewsContext, id: string): Promise<boolean> {
  return deleteAggregate({
    store: ctx.store,
    collection: reviewsCollection,
    find: (tx) => reviewsCollection.get(tx, id),
    announce: (review, version) =>
      reviewMessage(
        reviewMessageTypes.deleted,
        review.id,
        version,
        { review_id: review.id, event_id: review.event_id, rating: review.rating, previous_status: review.status },
        ctx.clock.now(),
      ),
  });
}
