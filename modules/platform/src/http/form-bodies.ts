/**
 * The api answers 415 to request bodies that are not JSON (backend `json-bodies-only.ts`), because a plain HTML
 * form from any page can post the other types without a CORS preflight. A route that takes a form on purpose
 * lists this middleware, which does nothing itself: the backend looks for it in the matched route.
 */
import type { Middleware } from 'koa';

export const acceptFormBodies: Middleware = (_ctx, next) => next();
