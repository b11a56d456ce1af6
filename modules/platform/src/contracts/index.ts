/**
 * `@evently/platform/contracts`: the platform's own wire shapes (the admin session's calls), for the API
 * document, the handlers and the browser alike. Imports nothing but zod and other contracts.
 */
export * from './admin-session.ts';
