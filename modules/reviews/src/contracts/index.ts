/**
 * `@evently/reviews/contracts`: the reviews' wire shapes (the review form and the admin calls' bodies, reviews
 * as answered, their statuses and rating bounds, the queue's live push), for the API document, the server's
 * handlers and the browser alike. Imports nothing but zod and other contracts.
 */
export * from './vocabulary.ts';
export * from './review-answers.ts';
export * from './submit-review.ts';
export * from './queries.ts';
export * from './live.ts';
