/**
 * Koa middleware timing every request into `evently_http_request_duration_seconds`. The route label is the
 * pattern @koa/router matched (`/api/events/:id`), never the raw URL: ids, slugs and query strings would
 * give every request its own series. Requests no router matched (the SPA's files, 404s) share one label.
 */
import type { Context, Middleware } from 'koa';
import type { Metrics } from './metrics.ts';

export const UNMATCHED_ROUTE = '(unmatched)';

/** What @koa/router leaves on the context once a route layer ran: its path pattern, prefix included. */
function matchedRoute(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return matched === undefined ? UNMATCHED_ROUTE : String(matched);
}

export function httpMetrics(metrics: Pick<Metrics, 'httpDuration'>): Middleware {
  return async (ctx, next) => {
    const stop = metrics.httpDuration.startTimer();
    try {
      await next();
    } finally {
      // Mounted outside the error handler, so a failed request already carries its final status here; a
      // throw that escapes it anyway is Koa's own 500.
      stop({ method: ctx.method, route: matchedRoute(ctx), status: String(ctx.status) });
    }
  };
}
