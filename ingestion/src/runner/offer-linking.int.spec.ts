/**
 * Issue 16 end to end through ingestion: a Ticketmaster-shaped feed and a Fever-shaped feed carry the same
 * three shows (spelled the sellers' ways) and one near miss (the same act's later show). The result is three
 * canonical events with two offers each and the near miss on its own, and the run summary counts the links.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, silentLogger } from '@evently/platform';
import type { PublicEvent } from '@evently/events';
import { eventsWriterFrom } from '../events-writer.ts';
import { formatRunSummary } from '../progress/run-summary.ts';
import { createFileSource } from '../sources/file/file-source.ts';
import { makeFeverPlan, makeTicketmasterEvent } from '../testing/feed-fixtures.ts';
import { startEventsRuntime, type EventsRuntime } from '../testing/events-runtime.ts';
import { runSource } from './run-source.ts';

const clock = fixedClock('2026-11-21T00:00:00Z');
let runtime: EventsRuntime;

beforeEach(async () => {
  runtime = await startEventsRuntime({ clock });
});
afterEach(async () => {
  await runtime.close();
});

const venue = (name: string, latitude: string | null, longitude: string | null) => ({
  name,
  timezone: 'America/New_York',
  city: { name: 'New York' },
  country: { name: 'United States Of America', countryCode: 'US' },
  ...(latitude && longitude ? { location: { latitude, longitude } } : {}),
});
const tmShow = (id: string, name: string, localTime: string, place: ReturnType<typeof venue>, min: number) =>
  makeTicketmasterEvent({
    id,
    name,
    dates: { start: { localDate: '2027-03-05', localTime }, timezone: 'America/New_York', status: { code: 'onsale' } },
    priceRanges: [{ type: 'standard', currency: 'USD', min, max: min * 2 }],
    _embedded: { venues: [place] },
  });
const feverPlace = (name: string, latitude: number | null, longitude: number | null) => ({
  name,
  latitude,
  longitude,
  timezone: 'America/New_York',
  city: { name: 'NEW YORK', country: 'US' },
});
const session = (id: string, localTime: string) => ({
  id,
  starts_at: `2027-03-05T${localTime}-05:00`,
  share_url: `https://feverup.com/m/${id}`,
});

const ticketmasterFeed = {
  _embedded: {
    events: [
      tmShow(
        'tm-coldplay',
        'Coldplay: Music of the Spheres World Tour',
        '19:30:00',
        venue('Madison Square Garden', '40.7505', '-73.9934'),
        89,
      ),
      tmShow('tm-hamilton', 'Hamilton', '20:00:00', venue('Richard Rodgers Theatre', null, null), 120),
      tmShow(
        'tm-vivaldi',
        'Vivaldi Four Seasons by Candlelight',
        '18:00:00',
        venue("St. Bartholomew's Church", '40.7577', '-73.9735'),
        45,
      ),
    ],
  },
  page: { size: 3, totalElements: 3, totalPages: 1, number: 0 },
};

const feverFeed = {
  data: [
    makeFeverPlan({
      id: 'fv-coldplay',
      name: 'COLDPLAY - Music Of The Spheres (18+)',
      price: { amount: 79, max_amount: 150, currency: 'USD' },
      place: feverPlace('Madison Square Garden', 40.7507, -73.9931),
      // The 19:30 show is the Ticketmaster one; the 22:30 show of the same act is the near miss.
      sessions: [session('cp-early', '19:30:00'), session('cp-late', '22:30:00')],
    }),
    makeFeverPlan({
      id: 'fv-hamilton',
      name: 'HAMILTON | Official Tickets',
      price: { amount: 135, currency: 'USD' },
      place: feverPlace('Richard Rodgers Theater', null, null),
      sessions: [session('ham', '20:00:00')],
    }),
    makeFeverPlan({
      id: 'fv-vivaldi',
      name: 'Candlelight: Four Seasons, Vivaldi',
      price: { amount: 39, currency: 'USD' },
      place: feverPlace("St Bartholomew's Church", 40.7578, -73.9737),
      sessions: [session('viv', '18:15:00')],
    }),
  ],
};

describe('offers from two sellers through ingestion', () => {
  it('gives three canonical events with two offers each, keeps the near miss apart, and counts the links', async () => {
    const dir = join(runtime.dataDir, 'feeds');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'a-ticketmaster.json'), JSON.stringify(ticketmasterFeed));
    await writeFile(join(dir, 'b-fever.json'), JSON.stringify(feverFeed));

    const deps = { store: runtime.store, events: eventsWriterFrom(runtime.events), logger: silentLogger(), clock };
    const result = await runSource(deps, createFileSource({ paths: [dir] }));
    expect(result.counts).toMatchObject({ fetched: 6, created: 7, linked: 3 });
    expect(formatRunSummary(result)).toContain('linked as offers 3');
    await runtime.drained();

    const listed = (await runtime.events.queries.search({})).data as PublicEvent[];
    const summary = listed.map((event) => [
      event.name,
      event.offers.map((offer) => `${offer.seller} ${offer.price_text}`),
    ]);
    expect(summary).toEqual([
      ['Vivaldi Four Seasons by Candlelight', ['Fever USD 39', 'Ticketmaster USD 45 - 90']],
      ['Coldplay: Music of the Spheres World Tour', ['Fever USD 79 - 150', 'Ticketmaster USD 89 - 178']],
      ['Hamilton', ['Ticketmaster USD 120 - 240', 'Fever USD 135']],
      ['COLDPLAY - Music Of The Spheres (18+)', ['Fever USD 79 - 150']],
    ]);
    expect(listed.map((event) => event.offer_count)).toEqual([2, 2, 2, 1]);
    // The cheapest offer is the price at the top, and the price sort uses it.
    expect(listed[0]).toMatchObject({ price_from_usd: 39, min_price: 39 });
    const byPrice = (await runtime.events.queries.search({ sort_by: 'price', sort_order: 'desc' }))
      .data as PublicEvent[];
    expect(byPrice[0]?.name).toBe('Hamilton');
  });
});
