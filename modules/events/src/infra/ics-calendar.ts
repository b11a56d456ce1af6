/**
 * Events as iCalendar (RFC 5545) through the `ics` package: one file per event for "Add to calendar", and a
 * feed of a whole search that calendar apps subscribe to. Each event keeps the UID `event-<id>@<host>`, so a
 * re-import or a feed refresh updates the calendar entry instead of adding a second one.
 */
import { createEvents, type EventAttributes } from 'ics';
import type { PublicEvent } from '../contracts/public-event.ts';

/** Sources often know only the start; a calendar entry needs an end, so it lasts this long by default. */
export const DEFAULT_DURATION = { hours: 2 } as const;
const MAX_DESCRIPTION = 1500;

export interface CalendarContext {
  /** Public base URL of the site, without a trailing slash. */
  publicUrl: string;
}

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname || 'localhost';

export const eventUid = (id: number | string, publicUrl: string) => `event-${id}@${hostOf(publicUrl)}`;

/** The canonical event page: the slugged shape of the route table (`/events/{id}-{words}`). */
export const eventPageUrl = (event: Pick<PublicEvent, 'slug' | 'id'>, publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}/events/${encodeURIComponent(event.slug || String(event.id))}`;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function attributes(event: PublicEvent, ctx: CalendarContext): EventAttributes {
  const url = eventPageUrl(event, ctx.publicUrl);
  const about = (event.unique_description ?? event.description ?? '').trim();
  const location = [event.venue_name, event.address, event.city, event.country]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(', ');
  const start = Date.parse(event.date);
  const end = event.end_date ? Date.parse(event.end_date) : NaN;
  const timing =
    Number.isFinite(end) && end > start
      ? { end, endInputType: 'utc' as const, endOutputType: 'utc' as const }
      : { duration: DEFAULT_DURATION };
  return {
    uid: eventUid(event.id, ctx.publicUrl),
    title: event.unique_title ?? event.name,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    ...timing,
    description: [about && clip(about, MAX_DESCRIPTION), event.price_text && `Tickets: ${event.price_text}`, url]
      .filter(Boolean)
      .join('\n\n'),
    ...(location ? { location } : {}),
    ...(event.latitude !== null && event.longitude !== null
      ? { geo: { lat: event.latitude, lon: event.longitude } }
      : {}),
    url,
    categories: [event.category],
    status: 'CONFIRMED',
    ...(event.created_at ? { created: Date.parse(event.created_at) } : {}),
  };
}

/** One VCALENDAR with a VEVENT per event; throws if the library refuses the data (a bug, not bad input). */
export function renderCalendar(events: PublicEvent[], ctx: CalendarContext & { name: string }): string {
  const host = hostOf(ctx.publicUrl);
  const header = { productId: `-//${host}//events//EN`, method: 'PUBLISH', calName: ctx.name };
  const all = events.map((event) => attributes(event, ctx));
  let { error, value } = createEvents(all, header);
  if (error) {
    // The library's URL check refuses some valid bases (a port below 10, a bare host in development). The
    // page link is in the description too, so the calendar goes out without the URL property rather than failing.
    ({ error, value } = createEvents(
      all.map(({ url: _url, ...rest }) => rest),
      header,
    ));
  }
  if (error || value === null) throw error ?? new Error('ics produced no calendar');
  return value;
}
