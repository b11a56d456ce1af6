/**
 * An administrator approves or rejects a review (spec 02 §4). The change and its message commit together; the
 * message carries the status after the change, which is all the ratings read model needs.
 */
import { withVersionRetry } from '@evently/platform';
import type { Stored } from '@evently/platform';
import { reviewMessageTypes, reviewMessage } from '../../../contracts/messages.ts';
import { decideApprove, decideReject, type ModerationDecision } from '../../../domain/moderation.ts';
import type { Review } from '../../../domain/review.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';

export type ModerationOutcome =
  { status: 'changed'; review: Stored<Review> } | { status: 'not_found' } | { status: 'refused'; reason: string };

function moderate(
  ctx: ReviewsContext,
  id: string,
  decide: (review: Stored<Review>) => ModerationDecision,
): Promise<ModerationOutcome> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx): Promise<ModerationOutcome> => {
      const review = await reviewsCollection.get(tx, id);
      if (!review) return { status: 'not_found' };
      const decision = decide(review);
      if (decision.kind === 'refused') return { status: 'refused', reason: decision.reason };
      const updated = await reviewsCollection.update(tx, review.id, review.version, decision.patch);
      const ref = {
        review_id: updated.id,
        event_id: updated.event_id,
        rating: updated.rating,
        previous_status: decision.from,
      };
      const now = ctx.clock.now();
      await tx.appendOutbox([
        updated.status === 'approved'
          ? reviewMessage(reviewMessageTypes.approved, updated.id, updated.version, { ...ref, status: 'approved' }, now)
          : reviewMessage(
              reviewMessageTypes.rejected,
              updated.id,
              updated.version,
              { ...ref, status: 'rejected', with_reason: updated.admin_notes !== null },
              now,
            ),
      ]);
      return { status: 'changed', review: updated };
    }),
  );
}

export function approveReview(ctx: ReviewsContext, id: string): Promise<ModerationOutcome> {
  return moderate(ctx, id, decideApprove);
}

export function rejectReview(ctx: ReviewsContext, id: string, reason: string | null): Promise<ModerationOutcome> {
  return moderate(ctx, id, (review) => decideReject(review, reason));
}
