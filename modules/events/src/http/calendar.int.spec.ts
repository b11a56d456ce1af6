/** The calendar files over real HTTP, read back with a real iCalendar parser (ical.js). */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventsHarness, type EventsHarness } from '../testing/events-harness.ts';
import { makeSourceEvent } from '../testing/make-event.ts';
import { FEED_LIMIT } from './calendar.router.ts';

let h: EventsHarness;
let url: string;

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) })),
  };
}

beforeAll(async () => {
  h = await createEventsHarness({ now: '2026-11-21T10:00:00.000Z' });
  // Ids follow the order: 1, 2, 3.
  const events: Array<Parameters<typeof makeSourceEvent>[0]> = [
    { external_id: 'a', name: 'Jazz Night Madrid', address: 'Calle Mayor 1', end_utc: '2026-12-05T22:30:00.000Z' },
    {
      external_id: 'b',
      name: 'Blues, Night; Madrid',
      start_utc: '2026-11-26T19:00:00Z',
      latitude: null,
      longitude: null,
    },
    { external_id: 'c', name: 'Paris Expo', city: 'Paris', country: 'France', category: 'Technology' },
  ];
  for (const fields of events) await h.module.commands.upsertFromSource(makeSourceEvent(fields));
  await h.settle();
  url = await h.serve();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/events/{id}/calendar.ics', () => {
  it('answers one RFC 5545 event with a stable UID, start, end, venue and the event page URL', async () => {
    const response = await fetch(`${url}/api/events/1/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="event-1.ics"');
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(events).toHaveLength(1);
    const [{ event, vevent }] = events as [(typeof events)[number]];
    expect(event.uid).toBe('event-1@localhost');
    expect(event.summary).toBe('Jazz Night Madrid');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T19:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T22:30:00.000Z');
    expect(event.location).toBe('Blue Hall, Calle Mayor 1, Madrid, Spain');
    expect(vevent.getFirstPropertyValue('url')).toBe('http://localhost/events/1-jazz-night-madrid');
    expect(event.description).toContain('Live jazz in the old town.');
    expect(event.description).toContain('http://localhost/events/1-jazz-night-madrid');
    expect(vevent.getFirstPropertyValue('geo')).toEqual([40.4168, -3.7038]);
  });

  it('gives an event without an end the default two hours, and escapes commas and semicolons', async () => {
    const { events } = parse(await (await fetch(`${url}/api/events/2-blues-night/calendar.ics`)).text());
    const [{ event }] = events as [(typeof events)[number]];
    expect(event.summary).toBe('Blues, Night; Madrid');
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(2 * 3600_000);
    expect(event.uid).toBe('event-2@localhost');
  });

  it('answers 404 { error } for an unknown event', async () => {
    const response = await fetch(`${url}/api/events/999/calendar.ics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Event not found' });
  });
});

describe('GET /api/events/calendar.ics', () => {
  it('answers the search as a subscribable feed with the same filters as /api/events', async () => {
    const response = await fetch(`${url}/api/events/calendar.ics?city=Madrid`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('inline; filename="events.ics"');
    const { calendar, events } = parse(await response.text());
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events.map(({ event }) => event.uid).sort()).toEqual(['event-1@localhost', 'event-2@localhost']);
  });

  it('lists every matching event without filters, and caps the page size', async () => {
    const { events } = parse(await (await fetch(`${url}/api/events/calendar.ics?per_page=100000`)).text());
    expect(events).toHaveLength(3);
    expect(FEED_LIMIT).toBeLessThanOrEqual(1000);
  });

  it('refuses a bad filter like the list does', async () => {
    const response = await fetch(`${url}/api/events/calendar.ics?sort_by=nonsense`);
    expect(response.status).toBe(400);
  });
});
