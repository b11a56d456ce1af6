/**
 * `@evently/reviews/contracts`: the reviews' wire shapes (reviews as answered, their statuses and rating
 * bounds), for the API document, the server's handlers and the browser alike. Imports nothing but zod and
 * other contracts.
 */
export * from './review-answers.ts';
