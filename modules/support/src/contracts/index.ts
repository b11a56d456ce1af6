/**
 * `@evently/support/contracts`: the support desk's wire shapes (the calls' answers, the live channels and the
 * words they use), for the API document, the server's handlers and gateway, and the browser alike. Imports
 * nothing but zod and other contracts, so the client bundle can take it.
 */
export * from './vocabulary.ts';
export * from './ticket-answers.ts';
export * from './canned-reply.ts';
export * from './live-names.ts';
export * from './live-channels.ts';
