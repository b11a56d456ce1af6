/**
 * The event-query contract: the same fixtures and expected answers for every SearchIndex engine, run through
 * the events module's own search (parameters in, `{ data, pagination }` out). `describeEventQueryCases`
 * is called by the SQLite spec and, where a container runtime exists, by the Elasticsearch spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchIndex } from '@evently/platform';
import type { CardEvent, MapBasicEvent, PublicEvent } from '../contracts/public-event.ts';
import { haversineKm } from '../domain/geo.ts';
import { createEventsHarness, type EventsHarness } from './events-harness.ts';
import { makeSourceEvent } from './make-event.ts';
import { FIXTURE_NOW, FIXTURE_VIEWS, QUERY_FIXTURES } from './query-fixtures.ts';

export interface QueryCaseOptions {
  /** Builds the engine under test; SQLite (the harness default) when omitted. */
  makeSearch?: () => Promise<SearchIndex>;
  skip?: boolean;
}

export function describeEventQueryCases(label: string, options: QueryCaseOptions = {}) {
  describe.skipIf(options.skip ?? false)(`event queries on ${label}`, () => {
    let h: EventsHarness;
    const ids = new Map<string, number>();

    beforeAll(async () => {
      h = await createEventsHarness({
        now: FIXTURE_NOW,
        search: options.makeSearch ? await options.makeSearch() : undefined,
      });
      for (const fixture of QUERY_FIXTURES) {
        const { id } = await h.module.commands.upsertFromSource(fixture);
        ids.set(fixture.external_id, Number(id));
      }
      for (const [externalId, views] of Object.entries(FIXTURE_VIEWS)) {
        for (let i = 0; i < views; i++) await h.module.commands.recordView(String(ids.get(externalId)));
      }
      await h.settle();
    });
    afterAll(async () => {
      await h?.close();
    });

    const search = (params: Record<string, string>, timezone?: string) => h.module.queries.search(params, { timezone });
    const events = async (params: Record<string, string>, timezone?: string) =>
      (await search(params, timezone)).data as PublicEvent[];
    const names = async (params: Record<string, string>, timezone?: string) =>
      (await events(params, timezone)).map((e) => e.external_id);
    const upcomingCount = QUERY_FIXTURES.length - 1;

    it('lists upcoming events and those started under two hours ago, by date', async () => {
      const answer = await search({});
      expect(answer.pagination).toEqual({
        total: upcomingCount,
        pages: 1,
        page: 1,
        has_next: false,
        next_cursor: null,
      });
      const list = answer.data as PublicEvent[];
      expect(list.map((e) => e.external_id)).not.toContain('past-fair');
      expect(list[0]?.external_id).toBe('running-expo');
      expect(list.map((e) => e.date)).toEqual([...list.map((e) => e.date)].sort());
    });

    it('finds by keyword in name, tags, venue and city, best match first', async () => {
      expect(await names({ keyword: 'jazz' })).toEqual(['madrid-jazz', 'barcelona-food']);
      expect(await names({ keyword: 'opera house' })).toEqual(['london-gala']);
      expect(await names({ keyword: 'techno' })).toEqual(['tokyo-techno']);
      expect(await names({ keyword: 'getafe' })).toEqual(['getafe-run']);
    });

    it('matches keyword prefixes', async () => {
      expect(await names({ keyword: 'impressio' })).toEqual(['paris-art']);
    });

    it('filters by country, city and category, case-insensitively', async () => {
      expect((await names({ country: 'france' })).sort()).toEqual(['paris-art']);
      expect((await names({ city: 'MADRID' })).sort()).toEqual(
        ['madrid-jazz', 'madrid-tech', 'running-expo', 'tie-a', 'tie-b'].sort(),
      );
      expect((await names({ category: 'Technology' })).sort()).toEqual(['madrid-tech', 'running-expo']);
    });

    it('combines filters', async () => {
      expect(await names({ country: 'Spain', category: 'Music & Concerts', max_price: '30' })).toEqual(['madrid-jazz']);
    });

    it('resolves today in the visitor zone: New York late evening and Tokyo after midnight', async () => {
      expect(await names({ date_preset: 'today' }, 'UTC')).toEqual(['running-expo', 'tokyo-techno', 'madrid-tech']);
      expect(await names({ date_preset: 'today' }, 'America/New_York')).toEqual([
        'running-expo',
        'tokyo-techno',
        'madrid-tech',
        'ny-comedy',
      ]);
      // 19:00 on the 21st in Tokyo: techno at 01:00 local is tomorrow there, though still the 21st in UTC.
      expect(await names({ date_preset: 'today' }, 'Asia/Tokyo')).toEqual(['running-expo']);
      expect(await names({ date_preset: 'tomorrow' }, 'Asia/Tokyo')).toEqual([
        'tokyo-techno',
        'madrid-tech',
        'ny-comedy',
        'paris-art',
      ]);
    });

    it('treats an unknown X-Timezone as UTC', async () => {
      expect(await names({ date_preset: 'today' }, 'Mars/Olympus')).toEqual(
        await names({ date_preset: 'today' }, 'UTC'),
      );
    });

    it('brings past events back only when a date range asks for them', async () => {
      expect(await names({ date_from: '2026-10-01', date_to: '2026-11-02' })).toEqual(['past-fair']);
    });

    it('filters by USD price after converting the event currency', async () => {
      // madrid-jazz is EUR 20-45, about USD 21.60-48.60.
      expect(await names({ max_price: '21', city: 'Madrid' })).not.toContain('madrid-jazz');
      expect(await names({ max_price: '22', city: 'Madrid' })).toContain('madrid-jazz');
      expect(await names({ min_price: '1000' })).toEqual(['london-gala']);
      expect(await names({ min_price: '0', max_price: '0' })).toEqual(['madrid-tech']);
    });

    it('finds events within the radius with distance_km matching an independent haversine', async () => {
      const list = await events({
        latitude: '40.4168',
        longitude: '-3.7038',
        nearby_radius_km: '25',
        sort_by: 'distance',
      });
      expect(list.map((e) => e.external_id).sort()).toEqual(
        ['getafe-run', 'madrid-jazz', 'madrid-tech', 'running-expo', 'tie-a', 'tie-b'].sort(),
      );
      for (const event of list) {
        const expected =
          Math.round(haversineKm(40.4168, -3.7038, event.latitude as number, event.longitude as number) * 1000) / 1000;
        expect(event.distance_km).toBeCloseTo(expected, 3);
      }
      const distances = list.map((e) => e.distance_km as number);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(list.at(-1)?.external_id).toBe('getafe-run');
    });

    it('sorts by distance descending and keeps the radius limit', async () => {
      const list = await events({
        latitude: '40.4168',
        longitude: '-3.7038',
        nearby_radius_km: '10',
        sort_by: 'distance',
        sort_order: 'desc',
      });
      expect(list.map((e) => e.external_id)).not.toContain('getafe-run');
      expect(list[0]?.external_id).toBe('madrid-tech');
    });

    it('keeps only events inside the map box, also across the antimeridian', async () => {
      const europe = { only_in_view: 'true', min_lat: '35', max_lat: '60', min_lon: '-10', max_lon: '5' };
      expect((await names(europe)).sort()).toEqual(
        [
          'getafe-run',
          'london-gala',
          'madrid-jazz',
          'madrid-tech',
          'paris-art',
          'running-expo',
          'tie-a',
          'tie-b',
        ].sort(),
      );
      const pacific = { only_in_view: 'true', min_lat: '-25', max_lat: '-10', min_lon: '179', max_lon: '-179' };
      expect((await names(pacific)).sort()).toEqual(['fiji-east', 'fiji-west']);
    });

    it.each(['date', 'price', 'popularity', 'name'])('sorts by %s both ways, ties broken by id', async (sortBy) => {
      for (const order of ['asc', 'desc'] as const) {
        const list = await events({ sort_by: sortBy, sort_order: order });
        expect(list).toHaveLength(upcomingCount);
        const key = (e: PublicEvent): string | number | null =>
          sortBy === 'date'
            ? e.date
            : sortBy === 'name'
              ? e.name.toLowerCase()
              : sortBy === 'popularity'
                ? e.popularity
                : e.min_price === null && e.max_price === null
                  ? null
                  : 0;
        if (sortBy === 'price') {
          // Events without a price come last both ways.
          const lastPriced = list.findLastIndex((e) => key(e) !== null);
          expect(list.slice(lastPriced + 1).every((e) => key(e) === null)).toBe(true);
          continue;
        }
        const keys = list.map(key) as Array<string | number>;
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
      const twins = (await events({ sort_by: sortBy, sort_order: 'asc' }))
        .filter((e) => e.name === 'Twin Show')
        .map((e) => e.id);
      expect(twins).toEqual([...twins].sort((a, b) => a - b));
    });

    it('orders by popularity with the most viewed first', async () => {
      expect((await names({ sort_by: 'popularity', sort_order: 'desc' })).slice(0, 3)).toEqual([
        'madrid-jazz',
        'paris-art',
        'tokyo-techno',
      ]);
    });

    it('orders by USD price, not by the number in the local currency', async () => {
      const list = await names({ sort_by: 'price', sort_order: 'desc' });
      expect(list[0]).toBe('london-gala');
      // JPY 5000 (about USD 33.50) sorts above USD 30.
      expect(list.indexOf('tokyo-techno')).toBeLessThan(list.indexOf('ny-comedy'));
    });

    it('walks every page exactly once, has_next false on the last', async () => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const answer = await search({ per_page: '4', page: String(page), sort_by: 'price' });
        seen.push(...answer.data.map((e) => e.id));
        expect(answer.pagination.pages).toBe(Math.ceil(upcomingCount / 4));
        if (!answer.pagination.has_next) break;
      }
      expect(seen).toHaveLength(upcomingCount);
      expect(new Set(seen).size).toBe(upcomingCount);
    });

    it('answers a page past the end with no data', async () => {
      const answer = await search({ per_page: '4', page: '99' });
      expect(answer.data).toEqual([]);
      expect(answer.pagination).toMatchObject({ total: upcomingCount, page: 99, has_next: false });
    });

    it('returns only the light fields with fields=map_basic', async () => {
      const answer = await search({ fields: 'map_basic', per_page: '1000' });
      const first = answer.data[0] as MapBasicEvent;
      expect(Object.keys(first).sort()).toEqual(['category', 'date', 'id', 'latitude', 'longitude', 'name']);
      expect(answer.data).toHaveLength(upcomingCount);
    });

    it('answers fields=card with the full answer restricted to the card fields, in the same order (decision 024)', async () => {
      const asks: Array<Record<string, string>> = [
        { per_page: '1000' },
        { keyword: 'jazz' },
        { latitude: '40.4168', longitude: '-3.7038', nearby_radius_km: '100', sort_by: 'distance' },
        { sort_by: 'price', sort_order: 'desc', per_page: '3', page: '2' },
      ];
      for (const params of asks) {
        const full = await search(params);
        const cards = await search({ ...params, fields: 'card' });
        expect(cards.pagination).toEqual(full.pagination);
        expect(cards.data).toEqual(
          full.data.map((event) => pickCardFields(event as PublicEvent, (cards.data[0] ?? {}) as CardEvent)),
        );
      }
      const [card] = (await search({ latitude: '40.4168', longitude: '-3.7038', fields: 'card' })).data as CardEvent[];
      expect(card).toHaveProperty('distance_km');
      expect(card).not.toHaveProperty('faq');
      expect(card).not.toHaveProperty('review_count');
    });
  });

  // Its own catalogue and engine: linking needs the module option the contract above keeps off, since its
  // fixtures hold deliberate look-alikes (tie-a/tie-b) that would link.
  describe.skipIf(options.skip ?? false)(`event queries over linked offers on ${label}`, () => {
    let h: EventsHarness;

    beforeAll(async () => {
      h = await createEventsHarness({
        now: FIXTURE_NOW,
        search: options.makeSearch ? await options.makeSearch() : undefined,
        options: { linkOffers: true },
      });
      // One show: Ticketmaster at EUR 20-45, Fever at EUR 15-30 under its own spelling, 10 minutes and 60 m apart.
      await h.module.commands.upsertManyFromSource([
        makeSourceEvent({ external_id: 'tm-1', name: 'Jazz Night Madrid' }),
        makeSourceEvent({
          source: 'fever',
          external_id: 'fv-1',
          name: 'JAZZ NIGHT MADRID - Tickets',
          start_utc: '2026-12-05T19:10:00.000Z',
          latitude: 40.4173,
          min_price: 15,
          max_price: 30,
        }),
      ]);
      await h.settle();
    });
    afterAll(async () => {
      await h?.close();
    });

    it("finds the event by its cheaper offer when a price filter is below the dearer seller's lowest price", async () => {
      // USD 17 is above Fever's EUR 15 (USD 16.20) and below Ticketmaster's EUR 20.
      const found = await h.module.queries.search({ max_price: '17' });
      expect(found.data.map((event) => event.id)).toEqual([1]);
      expect(found.pagination.total).toBe(1);
      expect((found.data[0] as PublicEvent).offer_count).toBe(2);
    });

    it('gives the map pin its number of sellers with fields=map_basic', async () => {
      const answer = await h.module.queries.search({ fields: 'map_basic' });
      expect(answer.data).toEqual([expect.objectContaining({ id: 1, offer_count: 2 })]);
    });

    it("gives the card the cheaper seller's price and the number of sellers with fields=card", async () => {
      const [full] = (await h.module.queries.search({})).data as PublicEvent[];
      const [card] = (await h.module.queries.search({ fields: 'card' })).data as CardEvent[];
      expect(card).toMatchObject({
        id: 1,
        offer_count: 2,
        price_from_usd: full?.price_from_usd,
        min_price: 15,
        currency: 'EUR',
      });
      expect(card).toEqual(pickCardFields(full!, card!));
    });
  });
}

/** The full event's values of the fields a card answer has (its first item names them). */
function pickCardFields(event: PublicEvent, shape: CardEvent): Partial<PublicEvent> {
  const values = event as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(shape).map((field) => [field, values[field]]));
}
