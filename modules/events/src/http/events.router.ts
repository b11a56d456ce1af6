/**
 * The public events API (spec 01 §7). Answers are exactly the call table's shapes; bad input is a 400 with
 * `{ error }` (thrown as HttpError and rendered by the app's error handler), unknown events a 404.
 */
import Router, { type RouterContext } from '@koa/router';
import { isbot } from 'isbot';
import { notFound, type HttpError } from '@evently/platform';
import type {
  AccommodationsAnswer,
  FilterOptions,
  PopularAnswer,
  PublicEvent,
  SimilarAnswer,
} from '../contracts/index.ts';
import type { ActivityTotals } from '../application/commands/record-activity/record-activity.ts';
import type { EventsQueries } from '../application/events-queries.ts';
import { DEFAULT_POPULAR_LIMIT } from '../application/queries/popular-events/popular-events.ts';
import { DEFAULT_SIMILAR_LIMIT } from '../application/queries/similar-events/similar-events.ts';

export const EVENT_NOT_FOUND = 'Event not found';

/** `limit` query: a positive integer, else the default; capped by the query itself. */
function limitParam(value: unknown, fallback: number): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const parsed = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : fallback;
}

const missing = (): HttpError => notFound(EVENT_NOT_FOUND);

/** Paths under one event (`''`, `/similar`, `/accommodations`) move permanently to the canonical event's. */
async function redirectToCanonical(ctx: RouterContext, queries: EventsQueries, tail: string): Promise<boolean> {
  const target = await queries.canonicalRedirect(ctx.params.id ?? '');
  if (!target) return false;
  ctx.status = 301;
  const search = ctx.querystring ? `?${ctx.querystring}` : '';
  ctx.redirect(`/api/events/${encodeURIComponent(target.slug)}${tail}${search}`);
  return true;
}

export function createEventsRouter(
  queries: EventsQueries,
  recordView: (id: string) => Promise<ActivityTotals | null>,
): Router {
  const router = new Router({ prefix: '/api/events' });

  router.get('/', async (ctx) => {
    // Already JSON text (card and pin pages are never objects here). Typed before the body is set, so Koa
    // neither calls the string text/plain nor scans it for markup first.
    const text = await queries.searchText(ctx.query, { timezone: ctx.get('X-Timezone') });
    ctx.type = 'json';
    ctx.body = text;
  });

  router.get('/filters', async (ctx) => {
    ctx.body = (await queries.filterOptions()) satisfies FilterOptions;
  });

  router.get('/popular', async (ctx) => {
    ctx.body = {
      popular_events: await queries.popular(limitParam(ctx.query.limit, DEFAULT_POPULAR_LIMIT)),
    } satisfies PopularAnswer;
  });

  router.get('/:id', async (ctx) => {
    if (await redirectToCanonical(ctx, queries, '')) return;
    const event = await queries.getStoredById(ctx.params.id ?? '');
    if (!event) throw missing();
    // Crawlers and link previews fetch pages nobody is looking at; popularity ranks by views, so they count none.
    const totals = isbot(ctx.get('User-Agent')) ? null : await recordView(event.id);
    const view = await queries.toPublic(event);
    // The answer counts the view it just recorded.
    if (totals) view.view_count = totals.view_count;
    ctx.body = view satisfies PublicEvent;
  });

  router.get('/:id/similar', async (ctx) => {
    if (await redirectToCanonical(ctx, queries, '/similar')) return;
    const event = await queries.getStoredById(ctx.params.id ?? '');
    if (!event) throw missing();
    ctx.body = {
      similar_events: await queries.similar(event, limitParam(ctx.query.limit, DEFAULT_SIMILAR_LIMIT)),
    } satisfies SimilarAnswer;
  });

  router.get('/:id/accommodations', async (ctx) => {
    if (await redirectToCanonical(ctx, queries, '/accommodations')) return;
    const event = await queries.getStoredById(ctx.params.id ?? '');
    if (!event) throw missing();
    ctx.body = { items: await queries.accommodations(event) } satisfies AccommodationsAnswer;
  });

  return router;
}
