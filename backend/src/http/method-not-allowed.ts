/**
 * Methods no router implements (PROPFIND, PURGE, LINK, ...) get `405 Method Not Allowed` with the `Allow`
 * header, like a known method on the wrong path, instead of koa-router's `501 Not Implemented`: a 5xx says
 * the server failed, which would page an operator for a client's probe.
 */
import type { Middleware } from 'koa';

/** What every path of the site answers at least (the SPA and its assets). */
const SITE_METHODS = 'GET, HEAD';

export function methodNotAllowed(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 501) return;
    const allowed = String(ctx.response.get('Allow') ?? '');
    ctx.status = 405;
    ctx.set('Allow', allowed.trim() ? allowed : SITE_METHODS);
  };
}
