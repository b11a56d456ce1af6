/** The public review calls of spec 02 §7: submit (catalogue or free-text event) and the approved list. */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { answer, parseBody, parseQuery } from '@evently/platform';
import { publicListQuerySchema } from '../contracts/queries.ts';
import { freeTextReviewSchema, reviewFieldsSchema } from '../contracts/submit-review.ts';
import type { ReviewsContext } from '../application/context.ts';
import {
  submitCatalogueReview,
  submitFreeTextReview,
  type SubmitOutcome,
} from '../application/commands/submit-review/submit-review.ts';
import { listApprovedReviews } from '../application/queries/list-approved/list-approved.ts';
import type { ReviewPage, ReviewSubmitted } from '../contracts/review-answers.ts';
import { toPublicReview } from '../domain/review-views.ts';
import { decoyReview, isHoneypotFilled } from './honeypot.ts';

/** Spec 02 §8: the toast after a successful submit. */
export const REVIEW_SUBMITTED_MESSAGE = 'Thanks! Your review was submitted and will appear after moderation.';
export const EVENT_NOT_FOUND_MESSAGE = 'Event not found';

function answerOutcome(ctx: Context, outcome: SubmitOutcome): void {
  if (outcome.status === 'event_not_found') return answer(ctx, 404, { error: EVENT_NOT_FOUND_MESSAGE });
  answer(ctx, 201, {
    review: toPublicReview(outcome.review),
    message: REVIEW_SUBMITTED_MESSAGE,
  } satisfies ReviewSubmitted);
}

export function createReviewsRouter(app: ReviewsContext, options: { submitRateLimit: Middleware }): Router {
  const router = new Router();

  /** Returns true when the request was a bot's and has been answered. */
  const caughtByHoneypot = (ctx: Context): boolean => {
    const body = (ctx.request as { body?: unknown }).body;
    if (!isHoneypotFilled(body)) return false;
    app.logger.info({ ip: ctx.ip }, 'reviews honeypot triggered');
    const review = decoyReview(reviewFieldsSchema, body, app.clock.now());
    const submitted: ReviewSubmitted = review
      ? { review, message: REVIEW_SUBMITTED_MESSAGE }
      : { message: REVIEW_SUBMITTED_MESSAGE };
    answer(ctx, 201, submitted);
    return true;
  };

  router.post('/api/events/:eventId/reviews', options.submitRateLimit, async (ctx) => {
    if (caughtByHoneypot(ctx)) return;
    const { website: _honeypot, ...fields } = parseBody(ctx, reviewFieldsSchema);
    answerOutcome(ctx, await submitCatalogueReview(app, ctx.params.eventId ?? '', fields));
  });

  router.post('/api/reviews', options.submitRateLimit, async (ctx) => {
    if (caughtByHoneypot(ctx)) return;
    const { website: _honeypot, ...input } = parseBody(ctx, freeTextReviewSchema);
    answerOutcome(ctx, await submitFreeTextReview(app, input));
  });

  router.get('/api/reviews', async (ctx) => {
    answer(ctx, 200, (await listApprovedReviews(app, parseQuery(ctx, publicListQuerySchema))) satisfies ReviewPage);
  });

  return router;
}
