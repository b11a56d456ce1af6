/**
 * `@evently/events/contracts`: the module's wire shapes (the search's parameters, answers and the event views
 * they carry), for the API document, the server's handlers and the browser alike. Imports nothing but zod and
 * other contracts, so the client bundle can take it; the boundary check holds it to that.
 */
export * from './categories.ts';
export { DATE_PRESETS, type DatePreset } from './date-presets.ts';
export * from './public-event.ts';
export * from './answers.ts';
export * from './search-query.ts';
