/**
 * `@evently/partnerships/contracts`: the partnership calls' bodies and answers and the words they use, for the
 * API document, the server's handlers and the browser alike. Imports nothing but zod and other contracts, so
 * the client bundle can take it.
 */
export * from './vocabulary.ts';
export * from './request-answers.ts';
export * from './submit-request.ts';
export * from './admin.ts';
