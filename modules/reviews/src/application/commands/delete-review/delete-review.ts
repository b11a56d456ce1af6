/** An administrator deletes a review for good; the log keeps only the fact, its event and rating. */
import { withVersionRetry } from '@evently/platform';
import { reviewMessageTypes, reviewMessage } from '../../../contracts/messages.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';

/** True when a review was deleted, false when none has that id. */
export function deleteReview(ctx: ReviewsContext, id: string): Promise<boolean> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx) => {
      const review = await reviewsCollection.get(tx, id);
      if (!review) return false;
      await reviewsCollection.delete(tx, review.id, review.version);
      // The deletion is the aggregate's last change: one past the version it had.
      await tx.appendOutbox([
        reviewMessage(
          reviewMessageTypes.deleted,
          review.id,
          review.version + 1,
          { review_id: review.id, event_id: review.event_id, rating: review.rating, previous_status: review.status },
          ctx.clock.now(),
        ),
      ]);
      return true;
    }),
  );
}
