/**
 * `@evently/platform/contracts`: the platform's own wire shapes (the admin session's calls, the paging cursor's
 * length) and the field rules every module's request schemas are built from (e-mail, required and optional
 * text), for the API document, the handlers and the browser alike. Imports nothing but zod and other contracts.
 */
export * from './admin-session.ts';
export * from './mail-address.ts';
export * from './form-fields.ts';
export * from './search-cursor.ts';
