/**
 * The API document held to what the server really answers, in tests: with `CHECK_API_ANSWERS=1` (set by the
 * integration and browser test configs, never in production) every JSON answer of a documented route is parsed
 * against that route's schema for its status, in its wire form (as JSON.stringify sends it). A mismatch is
 * logged with zod's issues and turned into a loud 500, so an answer that drifts from its contract fails
 * whichever test happened to ask for it.
 *
 * Mounted just inside the body parser, so it sees the body a route set before compression turns it into
 * bytes; errors thrown by routes pass through untouched (the error handler shapes them outside).
 */
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ApiRoute } from './api-route.ts';

export const CHECK_API_ANSWERS_ENV = 'CHECK_API_ANSWERS';

/** On only when asked for and never under NODE_ENV=production, whatever else the environment says. */
export function answerCheckWanted(env: Record<string, string | undefined>): boolean {
  return env[CHECK_API_ANSWERS_ENV] === '1' && env.NODE_ENV !== 'production';
}

/** What @koa/router leaves on the context once a route layer ran: its path pattern, prefix included. */
function matchedRoute(ctx: Context): string | undefined {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof matched === 'string' ? matched : undefined;
}

/**
 * The answer as the client will read it, when it is JSON: an object or array (not bytes or a stream) in its
 * JSON.stringify form, or text already serialised and typed JSON (the search answers so).
 */
function wireJson(ctx: Context): { json: unknown } | undefined {
  const body: unknown = ctx.body;
  if (typeof body === 'string') return ctx.response.is('json') ? { json: JSON.parse(body) } : undefined;
  if (body === null || typeof body !== 'object') return undefined;
  if (Buffer.isBuffer(body) || body instanceof Uint8Array) return undefined;
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return undefined;
  return { json: JSON.parse(JSON.stringify(body)) };
}

/** The schema an answer of this status must match; undefined when the document leaves it free. */
function schemaFor(route: ApiRoute, status: number): z.ZodType | undefined {
  const schema = route.answers?.[status];
  if (schema) return schema;
  const documented = route.answers && Object.keys(route.answers).length > 0;
  // A success the document does not list at all is drift too, once the route has any answer documented.
  if (documented && status < 300 && !(status in route.responses)) return z.never();
  return undefined;
}

export function describeMismatch(route: ApiRoute, status: number, error: z.ZodError): string {
  const issues = error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
  return `answer does not match the API document: ${route.method.toUpperCase()} ${route.path} ${status}: ${issues}`;
}

export function checkApiAnswers(routes: ApiRoute[], logger: Logger): Middleware {
  const byRoute = new Map(routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route]));
  return async (ctx, next) => {
    await next();
    const pattern = matchedRoute(ctx);
    const route = pattern === undefined ? undefined : byRoute.get(`${ctx.method} ${pattern}`);
    if (!route) return;
    const schema = schemaFor(route, ctx.status);
    const wire = schema ? wireJson(ctx) : undefined;
    if (!schema || !wire) return;
    const checked = schema.safeParse(wire.json);
    if (checked.success) return;
    const message = describeMismatch(route, ctx.status, checked.error);
    logger.error({ route: route.path, status: ctx.status, issues: checked.error.issues }, message);
    ctx.status = 500;
    ctx.body = { error: message };
  };
}
