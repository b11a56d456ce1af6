/**
 * Gives every request an id, reusing a well-formed incoming `X-Request-Id` (so a proxy's id follows the request
 * through our logs) and echoing it on the response so a user's bug report can quote it.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const id = ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
