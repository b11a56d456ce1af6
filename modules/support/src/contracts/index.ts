/**
 * `@evently/support/contracts`: the support desk's wire shapes (the calls' bodies and answers, the live
 * channels and the words they use), for the API document, the server's handlers and gateway, and the browser
 * alike. Imports nothing but zod and other contracts, so the client bundle can take it.
 */
export * from './vocabulary.ts';
export * from './ticket-answers.ts';
export * from './canned-reply.ts';
export * from './live-names.ts';
export * from './live-channels.ts';
export * from './create-ticket.ts';
export * from './post-message.ts';
export * from './admin.ts';
