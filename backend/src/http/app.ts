/**
 * The Koa application: cross-cutting middleware in a fixed order, then the health routes and every module's
 * routers, then the SPA. Built from plain inputs so tests and every process role assemble it the same way.
 *
 * Order matters: the request id and log wrap everything so even a failed request is logged with its id;
 * security headers and CORS are set before the error handler so error answers carry them too; the error
 * handler wraps the body parser so malformed or oversized bodies become JSON 400/413 answers. Writes from
 * another origin and bodies that are not JSON are refused before any route or the body parser runs.
 */
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from 'pino';
import { compressJson } from './compress-json.ts';
import { corsFor } from './cors.ts';
import { errorHandler } from './error-handler.ts';
import type { FirstPaintRenderer } from './first-paint/first-paint-renderer.ts';
import { forwardedHeadersCheck } from './forwarded-headers.ts';
import { healthRouter, type ReadinessCheck } from './health.ts';
import { jsonBodiesOnly } from './json-bodies-only.ts';
import { methodNotAllowed } from './method-not-allowed.ts';
import { createOriginPolicy } from './origin-policy.ts';
import { requestId } from './request-id.ts';
import { requestLog } from './request-log.ts';
import { sameOriginWrites } from './same-origin-writes.ts';
import { securityHeaders } from './security-headers.ts';
import type { Seo } from './seo/seo.ts';
import { staticFrontend } from './static-frontend.ts';

export interface AppOptions {
  logger: Logger;
  routers: Router[];
  readiness: ReadinessCheck[];
  /** Absolute path of the built SPA (`frontend/dist`). */
  staticRoot: string;
  /** The site's own origin: pages there may change things (origin-policy.ts), as on the request's own host. */
  publicUrl?: string;
  corsOrigins?: string[];
  /** Number of trusted reverse proxies; above 0 the client address comes from X-Forwarded-For. */
  trustedProxies?: number;
  /** True when the public URL is https. */
  https?: boolean;
  /** The advertising tag is configured, so the CSP admits it. */
  adsTag?: boolean;
  /** Largest JSON body accepted (default 1mb; event payloads and blog posts stay well below it). */
  jsonLimit?: string;
  /** Times every request by matched route (`observability/http-metrics.ts`); outside the error handler. */
  metrics?: Koa.Middleware;
  /** Page heads, 404s for unknown paths, the sitemap and robots.txt (seo/seo.ts). */
  seo?: Seo;
  /** Server-rendered first paints of the landing pages (first-paint/, decision 025). */
  firstPaint?: FirstPaintRenderer;
  /** Checks answers against the API document, in tests only (api-document/answer-check.ts). */
  answerCheck?: Koa.Middleware;
}

export function createApp({
  logger,
  routers,
  readiness,
  staticRoot,
  publicUrl,
  corsOrigins = [],
  trustedProxies = 0,
  https = false,
  adsTag = false,
  jsonLimit = '1mb',
  metrics,
  seo,
  firstPaint,
  answerCheck,
}: AppOptions): Koa {
  const app = new Koa({ proxy: trustedProxies > 0, maxIpsCount: trustedProxies });
  // Errors reaching Koa itself come from broken response streams after headers went out.
  app.on('error', (error: unknown) => logger.warn({ err: error }, 'response stream error'));

  app.use(requestId());
  app.use(requestLog(logger));
  app.use(forwardedHeadersCheck({ trustedProxies, logger }));
  if (metrics) app.use(metrics);
  app.use(securityHeaders({ https, adsTag }));
  app.use(corsFor(corsOrigins));
  app.use(errorHandler(logger));
  app.use(methodNotAllowed());
  app.use(sameOriginWrites(createOriginPolicy({ publicUrl, corsOrigins })));
  app.use(jsonBodiesOnly(routers));
  // Answers of the routers and the SPA shell travel compressed; error answers are small and not.
  app.use(compressJson());
  app.use(
    staticFrontend({ root: staticRoot, ...(seo ? { pages: seo.pages } : {}), ...(firstPaint ? { firstPaint } : {}) }),
  );
  // Forms only reach the routes that take them (json-bodies-only.ts): the mail links' pages and RFC 8058.
  app.use(bodyParser({ enableTypes: ['json', 'form'], jsonLimit, formLimit: '100kb' }));
  if (answerCheck) app.use(answerCheck);

  const health = healthRouter(readiness, logger);
  app.use(health.routes());
  if (seo) app.use(seo.router.routes());
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
