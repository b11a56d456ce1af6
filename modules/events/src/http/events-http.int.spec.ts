import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceEventInput } from '../contracts/source-event.ts';
import type { StoredEvent } from '../contracts/stored-event.ts';
import { EVENTS_COLLECTION } from '../infra/collections.ts';
import { createEventsHarness, type EventsHarness } from '../testing/events-harness.ts';
import { makeSourceEvent } from '../testing/make-event.ts';

const TEMPLATE = 'https://ticketmaster.evyy.net/c/111/222/333?u={url}';

// Node's fetch names itself "node", which reads as a script: the visitor tests name a browser.
const BROWSER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACK_PREVIEW = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** The catalogue every test reads, in the order written: the comments are the ids the store gives them. */
const CATALOGUE: Array<Partial<SourceEventInput>> = [
  // 1
  { external_id: 'tm-1', organizer: 'Blue Hall (boss@bluehall.example)' },
  // 2
  {
    external_id: 'tm-2',
    name: 'Blues Night Madrid',
    start_utc: '2026-11-26T19:00:00Z',
    tags: ['jazz'],
  },
  // 3
  {
    source: 'fever',
    external_id: 'fv-1',
    name: 'Candlelight Vivaldi',
    purchase_url: 'https://feverup.com/m/1',
  },
  // 4
  {
    source: 'giftcards',
    external_id: 'gc-1',
    name: 'Concert Gift Card',
    category: 'Gift Cards',
    purchase_url: 'https://www.giftcards.com/x',
    latitude: null,
    longitude: null,
  },
  // 5
  {
    external_id: 'started-3h',
    name: 'Morning Fair',
    start_utc: '2026-11-21T07:00:00Z',
    end_utc: '2026-11-21T20:00:00Z',
  },
  // 6
  {
    external_id: 'started-1h',
    name: 'Brunch Club',
    start_utc: '2026-11-21T09:00:00Z',
    end_utc: '2026-11-21T13:00:00Z',
  },
  // 7
  { source: 'citylisting', external_id: 'no-link', name: 'Quiet Reading', purchase_url: null },
  // 8
  {
    external_id: 'paris',
    name: 'Paris Expo',
    city: 'Paris',
    country: 'France',
    latitude: 48.8566,
    longitude: 2.3522,
    category: 'Technology',
    tags: [],
  },
];

describe('events HTTP API', () => {
  let h: EventsHarness;
  let url: string;

  beforeAll(async () => {
    h = await createEventsHarness({
      now: '2026-11-21T10:00:00.000Z',
      options: {
        trustedProxies: ['127.0.0.1'],
        affiliate: {
          ticketmaster: { template: TEMPLATE },
          fever: { params: { partner: 'evently' } },
          default: { params: { ref: 'evently' } },
        },
      },
    });
    for (const event of CATALOGUE) await h.module.commands.upsertFromSource(makeSourceEvent(event));
    await h.settle();
    url = await h.serve();
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, { headers });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string } };
  };
  const clicks = async (id: string) => (await h.store.get<StoredEvent>(EVENTS_COLLECTION, id))?.click_count;

  describe('GET /api/events', () => {
    it('answers data and pagination', async () => {
      const { status, body } = await get('/api/events?per_page=2&page=1');
      expect(status).toBe(200);
      // 'Morning Fair' started three hours ago: no longer upcoming.
      expect(body.pagination).toEqual({
        total: 7,
        pages: 4,
        page: 1,
        has_next: true,
        next_cursor: expect.stringMatching(/^[\w-]+$/),
      });
      expect(body.data).toHaveLength(2);
    });

    it('walks every event with cursor, in the order of one page, the last page without a cursor', async () => {
      const ids = (body: Record<string, unknown>) => (body.data as Array<{ id: number }>).map((event) => event.id);
      const whole = await get('/api/events?per_page=100&fields=map_basic');
      const walked: number[] = [];
      let next = '';
      for (let page = 0; page < 10; page++) {
        const { status, body } = await get(
          `/api/events?per_page=2&fields=map_basic${next ? `&cursor=${next}` : '&page=1'}`,
        );
        expect(status).toBe(200);
        walked.push(...ids(body));
        const pagination = body.pagination as { total: number; has_next: boolean; next_cursor: string | null };
        expect(pagination.total).toBe(7);
        expect(pagination.has_next).toBe(pagination.next_cursor !== null);
        if (pagination.next_cursor === null) break;
        next = pagination.next_cursor;
      }
      expect(walked).toEqual(ids(whole.body));
      expect(walked).toHaveLength(7);
    });

    it('answers 400 naming the parameter for a bad, forged or foreign cursor, and for a cursor with page > 1', async () => {
      const first = await get('/api/events?per_page=2');
      const cursor = (first.body.pagination as { next_cursor: string }).next_cursor;
      const forged = Buffer.from(JSON.stringify(['abc', 1, 2])).toString('base64url');
      for (const [query, message] of [
        ['cursor=not%20a%20cursor', /^cursor:/],
        [`cursor=${'a'.repeat(3000)}`, /^cursor:/],
        [`cursor=${forged}`, /^cursor:/],
        [`cursor=${cursor}&sort_by=price`, /^cursor: made for another sort order/],
        [`cursor=${cursor}&page=2`, /^page:/],
      ] as const) {
        const { status, body } = await get(`/api/events?per_page=2&${query}`);
        expect(status, query).toBe(400);
        expect(body.error, query).toMatch(message);
      }
      expect((await get(`/api/events?per_page=2&page=1&cursor=${cursor}`)).status).toBe(200);
    });

    it('reads the X-Timezone header for presets', async () => {
      const { body } = await get('/api/events?date_preset=today', { 'X-Timezone': 'Europe/Madrid' });
      expect((body.data as Array<{ external_id: string }>).map((e) => e.external_id)).toEqual([
        'started-3h',
        'started-1h',
      ]);
    });

    it.each([
      ['sort_by=random', /sort_by/],
      ['latitude=40', /together/],
      ['latitude=abc&longitude=1', /latitude/],
      ['only_in_view=true&min_lat=1', /only_in_view/],
      ['fields=all', /fields/],
    ])('answers 400 with { error } for %s', async (query, message) => {
      const { status, body } = await get(`/api/events?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(message);
    });

    it('drops values the spec says to drop instead of failing', async () => {
      const { status, body } = await get(
        '/api/events?min_price=nan&max_price=-3&page=-1&per_page=abc&date_from=2026-02-31&country=all',
      );
      expect(status).toBe(200);
      expect(body.pagination).toMatchObject({ total: 7, page: 1 });
    });
  });

  it('GET /api/events/filters lists the live catalogue without empty entries', async () => {
    const { status, body } = await get('/api/events/filters');
    expect(status).toBe(200);
    expect(body).toEqual({
      countries: ['France', 'Spain'],
      cities: ['Madrid', 'Paris'],
      citiesByCountry: { France: ['Paris'], Spain: ['Madrid'] },
      categories: ['Music & Concerts', 'Technology', 'Gift Cards'],
      // EUR 20-45 is about USD 21.60-48.60: it overlaps two buckets.
      price_ranges: ['Under $25', '$25 - $50'],
    });
  });

  describe('GET /api/events/popular', () => {
    it('answers popular_events, leaving out events that started more than two hours ago', async () => {
      const { status, body } = await get('/api/events/popular?limit=20');
      expect(status).toBe(200);
      const names = (body.popular_events as Array<{ name: string }>).map((e) => e.name);
      expect(names).toContain('Brunch Club');
      expect(names).not.toContain('Morning Fair');
    });

    it('honours limit and ignores a bad one', async () => {
      expect(((await get('/api/events/popular?limit=2')).body.popular_events as unknown[]).length).toBe(2);
      expect((await get('/api/events/popular?limit=zero')).status).toBe(200);
    });
  });

  describe('GET /api/events/:id', () => {
    it('answers the event by numeric id and counts the view', async () => {
      const first = await get('/api/events/2', BROWSER);
      const second = await get('/api/events/2', BROWSER);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: 2, name: 'Blues Night Madrid', slug: '2-blues-night-madrid' });
      expect(second.body.view_count).toBe((first.body.view_count as number) + 1);
    });

    it("answers a crawler or a link preview the event without counting a view: popularity ranks by people's views", async () => {
      const before = (await get('/api/events/2', BROWSER)).body.view_count as number;
      for (const agent of [GOOGLEBOT, SLACK_PREVIEW, 'curl/8.5.0']) {
        const crawled = await get('/api/events/2', { 'User-Agent': agent });
        expect(crawled.status).toBe(200);
        expect(crawled.body).toMatchObject({ id: 2, view_count: before });
      }
      expect((await get('/api/events/2', BROWSER)).body.view_count).toBe(before + 1);
    });

    it('answers the same event for a slugged path segment', async () => {
      expect((await get('/api/events/2-anything-here')).body.id).toBe(2);
    });

    it('never shows an e-mail address', async () => {
      const { body } = await get('/api/events/1');
      expect(JSON.stringify(body)).not.toContain('@');
    });

    it.each(['999', 'abc', '0'])('answers 404 Event not found for %s', async (id) => {
      const { status, body } = await get(`/api/events/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Event not found' });
    });
  });

  describe('GET /api/events/:id/similar', () => {
    it('answers similar_events with reasons, never the event itself', async () => {
      const { status, body } = await get('/api/events/1/similar?limit=6');
      expect(status).toBe(200);
      const similar = body.similar_events as Array<{ id: number; similarity_reasons: string[] }>;
      expect(similar.length).toBeGreaterThan(0);
      expect(similar.length).toBeLessThanOrEqual(6);
      expect(similar.map((e) => e.id)).not.toContain(1);
      expect(similar[0]?.similarity_reasons).toEqual(expect.arrayContaining(['Same category', 'Nearby', 'Same venue']));
    });

    it('answers 404 for an unknown event', async () => {
      expect((await get('/api/events/999/similar')).status).toBe(404);
    });
  });

  describe('GET /api/events/:id/accommodations', () => {
    it('answers nearby stays nearest first from the bundled feed', async () => {
      const { status, body } = await get('/api/events/1/accommodations');
      expect(status).toBe(200);
      const items = body.items as Array<{
        id: string;
        name: string;
        distance: number;
        price_text: string;
        url?: string;
        affiliate_url?: string;
      }>;
      expect(items.length).toBeGreaterThan(0);
      expect(items.map((i) => i.distance)).toEqual([...items.map((i) => i.distance)].sort((a, b) => a - b));
      expect(items[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          name: expect.stringContaining('Madrid'),
          price_text: expect.any(String),
        }),
      );
      expect(items[0]?.url ?? items[0]?.affiliate_url).toMatch(/^https:\/\//);
    });

    it('places an event without coordinates at its city centre', async () => {
      expect(((await get('/api/events/4/accommodations')).body.items as unknown[]).length).toBeGreaterThan(0);
    });

    it('answers 404 for an unknown event', async () => {
      expect((await get('/api/events/abc/accommodations')).body).toEqual({ error: 'Event not found' });
    });
  });

  describe('GET /api/geo/ip', () => {
    it('answers 404 with an error for a local caller', async () => {
      const { status, body } = await get('/api/geo/ip');
      expect(status).toBe(404);
      expect(body.error).toMatch(/private|local/);
      expect(body.reason).toBe('private_address');
    });

    it('locates the forwarded client when the connection comes from a trusted proxy, then serves it from cache', async () => {
      const first = await get('/api/geo/ip', { 'X-Forwarded-For': '81.2.69.142' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ meta: { source: 'geolite2-city', cached: false }, country_code: 'GB' });
      expect(first.body.latitude).toBeCloseTo(51.4, 0);
      expect(first.body.longitude).toBeTypeOf('number');
      expect((await get('/api/geo/ip', { 'X-Forwarded-For': '81.2.69.142' })).body.meta).toEqual({
        source: 'geolite2-city',
        cached: true,
      });
    });

    it('answers 404 when the forwarded address is private', async () => {
      expect((await get('/api/geo/ip', { 'X-Forwarded-For': '10.1.2.3' })).status).toBe(404);
    });

    it('answers 404 with the reason no_data for a public address the database does not place', async () => {
      const { status, body } = await get('/api/geo/ip', { 'X-Forwarded-For': '192.0.2.200' });
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Location not found for this address', reason: 'no_data' });
    });
  });

  describe('outbound links', () => {
    it('builds the ticketmaster link from the stored purchase link and records a click', async () => {
      const before = await clicks('1');
      const { status, body } = await get('/api/ticketmaster/tracking-link/tm-1');
      expect(status).toBe(200);
      expect(body).toEqual({
        affiliate_url: TEMPLATE.replace('{url}', encodeURIComponent('https://www.ticketmaster.com/event/tm-1')),
      });
      expect(await clicks('1')).toBe((before ?? 0) + 1);
    });

    it('accepts our numeric id on the ticketmaster endpoint', async () => {
      expect((await get('/api/ticketmaster/tracking-link/2')).status).toBe(200);
    });

    it('adds the fever program parameters', async () => {
      expect((await get('/api/feverup/tracking-link/fv-1')).body).toEqual({
        affiliate_url: 'https://feverup.com/m/1?partner=evently',
      });
    });

    it('refuses an event of another source on a program endpoint', async () => {
      expect((await get('/api/feverup/tracking-link/1')).body).toEqual({ error: 'Event not found' });
    });

    it('redirects gift cards through the generic affiliate endpoint', async () => {
      expect((await get('/api/affiliate/redirect/4')).body).toEqual({
        affiliate_url: 'https://www.giftcards.com/x?ref=evently',
      });
    });

    it('answers 404 for unknown events and events without a link', async () => {
      expect((await get('/api/affiliate/redirect/999')).status).toBe(404);
      expect((await get('/api/ticketmaster/tracking-link/https%3A%2F%2Fevil.example')).status).toBe(404);
      const noLink = await get('/api/affiliate/redirect/7');
      expect(noLink.status).toBe(404);
      expect(noLink.body.error).toMatch(/link/);
    });
  });
});
