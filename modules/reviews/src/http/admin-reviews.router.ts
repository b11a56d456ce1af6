/** The moderation calls of spec 02 §7, every one behind the admin credential (`requireAdmin`). */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { answer, parseBody, parseQuery } from '@evently/platform';
import { adminListQuerySchema, rejectBodySchema } from '../contracts/queries.ts';
import type { ReviewsContext } from '../application/context.ts';
import { deleteReview } from '../application/commands/delete-review/delete-review.ts';
import {
  approveReview,
  rejectReview,
  type ModerationOutcome,
} from '../application/commands/moderate-review/moderate-review.ts';
import { listReviewsForAdmin } from '../application/queries/list-for-admin/list-for-admin.ts';
import type { AdminReviewList, ModeratedReview, ReviewDeleted } from '../contracts/review-answers.ts';
import { toAdminReview } from '../domain/review-views.ts';

export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';
export const REVIEW_DELETED_MESSAGE = 'Review deleted';

function answerModeration(ctx: Context, outcome: ModerationOutcome): void {
  if (outcome.status === 'not_found') return answer(ctx, 404, { error: REVIEW_NOT_FOUND_MESSAGE });
  if (outcome.status === 'refused') return answer(ctx, 409, { error: outcome.reason });
  answer(ctx, 200, { review: toAdminReview(outcome.review) } satisfies ModeratedReview);
}

export function createAdminReviewsRouter(app: ReviewsContext, options: { requireAdmin: Middleware }): Router {
  const router = new Router({ prefix: '/api/admin/reviews' });
  const { requireAdmin } = options;

  router.get('/', requireAdmin, async (ctx) => {
    const { status } = parseQuery(ctx, adminListQuerySchema);
    answer(ctx, 200, { reviews: await listReviewsForAdmin(app, status) } satisfies AdminReviewList);
  });

  router.post('/:id/approve', requireAdmin, async (ctx) => {
    answerModeration(ctx, await approveReview(app, ctx.params.id ?? ''));
  });

  router.post('/:id/reject', requireAdmin, async (ctx) => {
    const { reason } = parseBody(ctx, rejectBodySchema);
    answerModeration(ctx, await rejectReview(app, ctx.params.id ?? '', reason));
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    if (!(await deleteReview(app, ctx.params.id ?? ''))) return answer(ctx, 404, { error: REVIEW_NOT_FOUND_MESSAGE });
    answer(ctx, 200, { message: REVIEW_DELETED_MESSAGE } satisfies ReviewDeleted);
  });

  return router;
}
