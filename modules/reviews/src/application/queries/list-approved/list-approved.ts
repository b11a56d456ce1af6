/** GET /api/reviews: approved reviews only, newest first, a page at a time (spec 02 §2 Reviews list page). */
import { pageWindow, paginate, type ReviewPagination } from '../../../domain/pagination.ts';
import { toPublicReview, type PublicReview } from '../../../domain/review-views.ts';
import { reviewsCollection } from '../../../infra/collections.ts';
import type { ReviewsContext } from '../../context.ts';
import { currentEmbeds, embedFor } from '../../event-embeds.ts';

export async function listApprovedReviews(
  ctx: ReviewsContext,
  query: { page: number; per_page: number },
): Promise<{ reviews: PublicReview[]; pagination: ReviewPagination }> {
  const where = { status: 'approved' };
  const [total, page] = await Promise.all([
    reviewsCollection.count(ctx.store, where),
    reviewsCollection.find(ctx.store, {
      where,
      sort: [{ field: 'created_at', direction: 'desc' }],
      ...pageWindow(query.page, query.per_page),
    }),
  ]);
  const embeds = await currentEmbeds(ctx, page);
  return {
    reviews: page.map((review) => toPublicReview(review, embedFor(review, embeds))),
    pagination: paginate(total, query.page, query.per_page),
  };
}
