/**
 * GET /api/admin/reviews: the moderation tab's list by status, newest first. The tab has no paging, so the
 * answer is bounded: the newest ADMIN_LIST_LIMIT; acted-on reviews leave the pending list, so older ones
 * surface on the next refresh.
 */
import type { AdminStatusFilter } from '../../../contracts/vocabulary.ts';
import { toAdminReview, type AdminReview } from '../../../domain/review-views.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';
import { currentEmbeds, embedFor } from '../../event-embeds.ts';

export const ADMIN_LIST_LIMIT = 200;

export async function listReviewsForAdmin(ctx: ReviewsContext, status: AdminStatusFilter): Promise<AdminReview[]> {
  const reviews = await reviewsCollection.find(ctx.store, {
    ...(status === 'all' ? {} : { where: { status } }),
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: ADMIN_LIST_LIMIT,
  });
  const embeds = await currentEmbeds(ctx, reviews);
  return reviews.map((review) => toAdminReview(review, embedFor(review, embeds)));
}
