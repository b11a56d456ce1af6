/**
 * CORS from `CORS_ORIGINS`. By default nothing cross-origin is allowed: the SPA is served from the same
 * origin, and `npm run dev` proxies the API through Vite. Listed origins are echoed back; `*` allows any.
 */
import cors from '@koa/cors';
import type { Middleware } from 'koa';

export function corsFor(origins: string[]): Middleware {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      if (anyOrigin) return '*';
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Content-Type', 'X-Admin-Password', 'X-Timezone', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
