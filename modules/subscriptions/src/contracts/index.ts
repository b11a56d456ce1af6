/**
 * `@evently/subscriptions/contracts`: the subscription calls' bodies and answers (sign-up, saved searches, the
 * Subscribers tab) and a saved search in words, for the API document, the server's handlers and the browser
 * alike. Imports nothing but zod and other contracts, so the client bundle can take it.
 */
export * from './subscriber-answers.ts';
export * from './search-words.ts';
export * from './sign-up-messages.ts';
export * from './sign-up.ts';
export * from './subscriber-list.ts';
export * from './admin.ts';
