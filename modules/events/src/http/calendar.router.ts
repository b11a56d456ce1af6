/**
 * "Add to calendar": `GET /api/events/{id}/calendar.ics` for one event, and
 * `GET /api/events/calendar.ics?{the filters of /api/events}`, a feed calendar apps can subscribe to. Mounted
 * before the events router, whose `/:id` would otherwise take `calendar.ics` for an event id.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { notFound } from '@evently/platform';
import type { EventsQueries } from '../application/events-queries.ts';
import type { PublicEvent } from '../contracts/public-event.ts';
import { renderCalendar } from '../infra/ics-calendar.ts';
import { EVENT_NOT_FOUND } from './events.router.ts';

/** A feed is a calendar, not a catalogue export: the first this many events of the search. */
export const FEED_LIMIT = 500;

function answerCalendar(ctx: Context, body: string, filename: string, disposition: 'attachment' | 'inline'): void {
  ctx.type = 'text/calendar; charset=utf-8';
  ctx.set('Content-Disposition', `${disposition}; filename="${filename}"`);
  ctx.body = body;
}

export function createCalendarRouter(queries: EventsQueries, publicUrl: string): Router {
  const router = new Router({ prefix: '/api/events' });
  const site = new URL(publicUrl).hostname || 'localhost';

  router.get('/calendar.ics', async (ctx) => {
    // The list's own filters; only the page size is ours, and the light map shape makes no calendar.
    const { per_page: perPage, fields: _fields, ...filters } = ctx.query;
    const asked = Number(Array.isArray(perPage) ? perPage[0] : perPage);
    const size = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, FEED_LIMIT) : FEED_LIMIT;
    const answer = await queries.search({ ...filters, per_page: String(size) }, { timezone: ctx.get('X-Timezone') });
    const events = answer.data as PublicEvent[];
    ctx.set('Cache-Control', 'public, max-age=900');
    answerCalendar(ctx, renderCalendar(events, { publicUrl, name: `${site} events` }), 'events.ics', 'inline');
  });

  router.get('/:id/calendar.ics', async (ctx) => {
    const event = await queries.getById(ctx.params.id ?? '');
    if (!event) throw notFound(EVENT_NOT_FOUND);
    answerCalendar(
      ctx,
      renderCalendar([event], { publicUrl, name: event.unique_title ?? event.name }),
      `event-${event.id}.ics`,
      'attachment',
    );
  });

  return router;
}
