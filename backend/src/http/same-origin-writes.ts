/**
 * Refuses unsafe requests (POST, PUT, PATCH, DELETE and any other method but GET, HEAD and OPTIONS) that a
 * page of another origin sent (origin-policy.ts): a 403 with a JSON error, before any route runs.
 */
import type { Middleware } from 'koa';
import type { OriginPolicy } from './origin-policy.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginWrites(judge: OriginPolicy): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const verdict = judge({
      origin: ctx.get('Origin') || undefined,
      referer: ctx.get('Referer') || undefined,
      // The Host header itself, not Koa's `ctx.host`, which trusts X-Forwarded-Host behind a proxy.
      host: ctx.get('Host') || undefined,
      cookieHeader: ctx.get('Cookie') || undefined,
    });
    if (verdict.allowed) return next();
    ctx.status = 403;
    ctx.body = { error: `Cross-origin request refused: ${verdict.origin} may not change anything on this site` };
  };
}
