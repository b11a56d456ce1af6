/**
 * `@evently/subscriptions/contracts`: the subscription calls' answers (sign-up, saved searches, the Subscribers
 * tab), for the API document, the server's handlers and the browser alike. Imports nothing but zod and other
 * contracts, so the client bundle can take it.
 */
export * from './subscriber-answers.ts';
