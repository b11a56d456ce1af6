/**
 * Wires the reviews module from its ports: the public and admin routers, the live feed of the pending count.
 * It runs no projector of its own: the ratings read model belongs to the events module, which consumes
 * `evently.reviews`.
 */
import { rateLimitsFor, type AppModule, type ModuleDeps } from '@evently/platform';
import type { ReviewsContext } from './application/context.ts';
import type { ReviewEventLookup } from './application/event-lookup.ts';
import { createReviewsLiveFeed, type ReviewsLiveFeed } from './application/live/pending-count-feed.ts';
import { erasePerson } from './application/commands/erase-person/erase-person.ts';
import { REVIEWS_TOPIC } from './contracts/messages.ts';
import { createAdminReviewsRouter } from './http/admin-reviews.router.ts';
import { createReviewsRouter } from './http/reviews.router.ts';
import { reviewsCollections } from './infra/collections.ts';

export interface ReviewsOptions {
  /** The catalogue: existence and embed of an event (fill from the events module's `queries.getById`). */
  events: ReviewEventLookup;
  /** Per client address, on both submit calls together (default 5 per 10 minutes). */
  submitLimit?: { limit: number; windowMs: number };
}

export interface ReviewsModule extends AppModule {
  live: ReviewsLiveFeed;
}

export const DEFAULT_SUBMIT_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

export function createReviewsModule(deps: ModuleDeps, options: ReviewsOptions): ReviewsModule {
  const ctx: ReviewsContext = {
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger.child({ module: 'reviews' }),
    events: options.events,
  };
  // One limiter for both submit calls: a bot switching between them gets no second allowance.
  const submitRateLimit = rateLimitsFor(deps).middleware({
    name: 'reviews.submit',
    ...(options.submitLimit ?? DEFAULT_SUBMIT_LIMIT),
    message: 'Too many reviews from your network, please try again later.',
  });
  return {
    name: 'reviews',
    collections: reviewsCollections,
    topics: [REVIEWS_TOPIC],
    searchSchemas: [],
    projectors: [],
    schedulers: [],
    routers: [
      createReviewsRouter(ctx, { submitRateLimit }),
      createAdminReviewsRouter(ctx, { requireAdmin: deps.requireAdmin }),
    ],
    live: createReviewsLiveFeed(ctx),
    erasePerson: (subject) => erasePerson(ctx, subject),
  };
}
