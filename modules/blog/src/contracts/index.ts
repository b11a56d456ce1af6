/**
 * `@evently/blog/contracts`: the blog's wire shapes (a post's body as the editor sends it, posts as answered,
 * the lists their fields take), for the API document, the server's handlers and the browser alike. Imports
 * nothing but zod and other contracts.
 */
export * from './post-options.ts';
export * from './post-answers.ts';
export * from './post-input.ts';
