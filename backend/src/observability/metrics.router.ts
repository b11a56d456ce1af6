/**
 * `GET /metrics`: the process's metrics in Prometheus' text format. A scraper authenticates with
 * `Authorization: Bearer <METRICS_TOKEN>`; without that setting (or with another token) the admin
 * credential is asked for, exactly as on the admin API, so the series are never public.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsRouterOptions {
  metrics: Pick<Metrics, 'registry'>;
  /** METRICS_TOKEN; undefined leaves only the admin credential. */
  token: string | undefined;
  requireAdmin: Middleware;
}

/** Compares digests, so neither the token's length nor its prefix leaks through timing. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export function metricsRouter({ metrics, token, requireAdmin }: MetricsRouterOptions): Router {
  const router = new Router();
  const answer = async (ctx: Context) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
  router.get(METRICS_PATH, async (ctx) => {
    if (bearerMatches(ctx.get('Authorization') || undefined, token)) return answer(ctx);
    return requireAdmin(ctx, () => answer(ctx));
  });
  return router;
}
