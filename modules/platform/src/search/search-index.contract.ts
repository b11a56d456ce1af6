/**
 * The one SearchIndex contract: every adapter runs these cases against the same fixtures and must give the
 * same answers. Expected orders and distances are computed here independently of any adapter code (own
 * comparator, own haversine), so an engine cannot agree with itself by accident.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_RESULT_WINDOW,
  SearchWindowError,
  type FilterClause,
  type SearchIndex,
  type SearchQuery,
} from './search-index.port.ts';
import { berlin, contractSchema, fixtureEvents, type FixtureEvent } from './search-index.contract-fixtures.ts';
import { testCursorPaging } from './search-index.contract-cursor.ts';

export type SearchIndexFactory = () => Promise<SearchIndex> | SearchIndex;

const haversineKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }): number => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

/** Integer ids numerically before any other id, which compare as strings. */
const compareIds = (a: string, b: string): number => {
  const numeric = /^(0|[1-9]\d*)$/;
  const an = numeric.test(a);
  const bn = numeric.test(b);
  if (an && bn) return Number(a) - Number(b);
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

type SortValue = (event: FixtureEvent) => number | string | undefined;

const sortValues: Record<string, SortValue> = {
  price: (e) => (typeof e.price === 'number' ? e.price : undefined),
  popularity: (e) => e.popularity,
  date: (e) => (e.date ? Date.parse(e.date) : undefined),
  name: (e) => e.name.toLowerCase(),
  city: (e) => e.city?.toLowerCase(),
};

/** Missing values last in both directions; ties by id in the sort's direction. */
function expectedOrder(events: FixtureEvent[], value: SortValue, direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...events]
    .sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === undefined || vb === undefined) {
        if (va !== vb) return va === undefined ? 1 : -1;
      } else if (va !== vb) {
        return sign * (va < vb ? -1 : 1);
      }
      return sign * compareIds(a.id, b.id);
    })
    .map((e) => e.id);
}

const idsOf = (events: FixtureEvent[]): string[] => events.map((e) => e.id).sort(compareIds);
const where = (predicate: (e: FixtureEvent) => boolean): string[] => idsOf(fixtureEvents.filter(predicate));
const located = (e: FixtureEvent): e is FixtureEvent & { location: { lat: number; lon: number } } => !!e.location;

export function testSearchIndex(factory: SearchIndexFactory): void {
  let search: SearchIndex;
  let index: string;
  let counter = 0;

  beforeEach(async () => {
    search = await factory();
    index = `contract_${Date.now().toString(36)}_${counter++}`;
    await search.init(contractSchema(index));
    await search.upsert(index, fixtureEvents);
    // Writes become searchable with the engine's refresh interval; the cases look at once.
    await search.refresh(index);
  });

  afterEach(async () => {
    await search.close();
  });

  const ids = async (query: SearchQuery): Promise<string[]> => {
    const result = await search.search(index, { limit: 1000, ...query });
    return result.hits.map((hit) => hit.id);
  };
  const sortedIds = async (query: SearchQuery): Promise<string[]> => (await ids(query)).sort(compareIds);
  const filtered = (...filters: FilterClause[]) => sortedIds({ filters });

  describe('documents', () => {
    it('init is idempotent and says when the index is new', async () => {
      expect(await search.init(contractSchema(index))).toEqual({ created: false });
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
    });

    it('init with a changed schema keeps the old copy serving and asks for a replay; the rebuild brings the schema in', async () => {
      const changed = contractSchema(index);
      changed.fields.organizer = { type: 'keyword' };
      expect(await search.init(changed)).toEqual({ created: true });
      // Every replica may run init: it stays non-destructive and keeps asking until the rebuild is done.
      expect(await search.init(changed)).toEqual({ created: true });
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
      const rebuild = await search.beginRebuild(index);
      await rebuild.upsert([{ ...fixtureEvents[0]!, organizer: 'Blue Note' }, fixtureEvents[1]!]);
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
      await rebuild.commit();
      expect(await filtered({ field: 'organizer', op: 'eq', value: 'blue note' })).toEqual(['1']);
      expect(await search.init(changed)).toEqual({ created: false });
    });

    it('getMany reads several documents at once, leaving missing ids out', async () => {
      const found = await search.getMany(index, ['2', 'missing', '1']);
      expect([...found.keys()].sort()).toEqual(['1', '2']);
      expect(found.get('1')).toEqual(fixtureEvents[0]);
    });

    it('versioned upserts and deletes only replace what is held at a lower version', async () => {
      const versioned = { versionField: 'aggregate_version' };
      await search.upsert(index, [{ id: 'v1', name: 'Second', aggregate_version: 2 }], versioned);
      await search.upsert(index, [{ id: 'v1', name: 'First', aggregate_version: 1 }], versioned);
      expect((await search.get(index, 'v1'))?.name).toBe('Second');
      await search.upsert(index, [{ id: 'v1', name: 'Third', aggregate_version: 3 }], versioned);
      await search.delete(index, [{ id: 'v1', version: 2 }], versioned);
      expect((await search.get(index, 'v1'))?.name).toBe('Third');
      await search.delete(index, [{ id: 'v1', version: 4 }], versioned);
      expect(await search.get(index, 'v1')).toBeNull();
      await expect(search.upsert(index, [{ id: 'v2', name: 'No version' }], versioned)).rejects.toThrow(
        /positive integer/,
      );
    });

    it('write applies upserts and deletes together, each with its rules, and nothing when one is refused', async () => {
      const versioned = { versionField: 'aggregate_version' };
      await search.upsert(
        index,
        [
          { id: 'w1', name: 'Kept', aggregate_version: 2 },
          { id: 'w2', name: 'Going', aggregate_version: 1 },
        ],
        versioned,
      );
      await search.write(
        index,
        {
          upsert: [
            { id: 'w1', name: 'Older', aggregate_version: 1 },
            { id: 'w3', name: 'Zanzibar Nights', aggregate_version: 1 },
          ],
          delete: [
            { id: 'w2', version: 2 },
            { id: 'unknown', version: 1 },
          ],
        },
        versioned,
      );
      await search.refresh(index);
      expect((await search.get(index, 'w1'))?.name).toBe('Kept');
      expect(await search.get(index, 'w2')).toBeNull();
      expect(await sortedIds({ text: 'zanzibar' })).toEqual(['w3']);
      await search.write(index, {}, versioned);
      await expect(
        search.write(index, { upsert: [{ id: 'w4', name: 'No version' }], delete: ['1'] }, versioned),
      ).rejects.toThrow(/positive integer/);
      expect(await search.get(index, '1')).not.toBeNull();
      expect(await search.get(index, 'w4')).toBeNull();
    });

    it('get returns the whole stored document, stored-only fields included', async () => {
      expect(await search.get(index, '1')).toEqual(fixtureEvents[0]);
      expect(await search.get(index, 'missing')).toBeNull();
    });

    it('upsert replaces the document and its text', async () => {
      await search.upsert(index, [{ ...fixtureEvents[0]!, name: 'Blues Evening', tags: [] }]);
      await search.refresh(index);
      expect(await sortedIds({ text: 'blues' })).toEqual(['1']);
      expect(await sortedIds({ text: 'jazz' })).toEqual(['10']);
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
    });

    it('delete removes documents from get, search and count; unknown ids are ignored', async () => {
      await search.delete(index, ['1', '101', 'unknown']);
      await search.refresh(index);
      expect(await search.get(index, '1')).toBeNull();
      expect(await sortedIds({ text: 'jazz' })).toEqual(['10']);
      expect(await search.count(index, {})).toBe(fixtureEvents.length - 2);
      expect(await sortedIds({ bounds: { field: 'location', south: -20, north: -10, west: 170, east: -170 } })).toEqual(
        ['102', '103'],
      );
    });

    it('without a sort, orders by id: integers numerically, then other ids', async () => {
      expect(await ids({})).toEqual(idsOf(fixtureEvents));
      expect((await ids({})).at(-1)).toBe('x7');
    });
  });

  describe('filters', () => {
    it('keyword eq is case-insensitive', async () => {
      expect(await filtered({ field: 'country', op: 'eq', value: 'de' })).toEqual(where((e) => e.country === 'DE'));
      expect(await filtered({ field: 'city', op: 'eq', value: 'BERLIN' })).toEqual(['1', '2', '11', '200']);
    });

    it('keyword in, and an empty in matches nothing', async () => {
      expect(await filtered({ field: 'city', op: 'in', values: ['paris', 'Lyon'] })).toEqual(['20', '21', '22']);
      expect(await filtered({ field: 'category', op: 'in', values: [] })).toEqual([]);
    });

    it('number eq and in', async () => {
      expect(await filtered({ field: 'price', op: 'eq', value: 0 })).toEqual(['11', '100', '105']);
      expect(await filtered({ field: 'popularity', op: 'in', values: [10, 80] })).toEqual(['1', '3', '20', '21', 'x7']);
    });

    it('number ranges, inclusive and exclusive; missing values never match', async () => {
      expect(await filtered({ field: 'price', op: 'range', gte: 20, lte: 40 })).toEqual(['1', '2', '3', '103', 'x7']);
      expect(await filtered({ field: 'price', op: 'range', gt: 25, lt: 90 })).toEqual(['2', '103', '104']);
      expect(await filtered({ field: 'price', op: 'range', lte: 1000 })).not.toContain('10');
    });

    it('date ranges take ISO strings or epoch milliseconds', async () => {
      expect(
        await filtered({ field: 'date', op: 'range', gte: '2030-04-01T00:00:00Z', lt: '2030-06-01T08:00:00Z' }),
      ).toEqual(['20', '21', '22', '100']);
      expect(await filtered({ field: 'date', op: 'range', gte: Date.parse('2030-06-01T08:00:00Z') })).toEqual([
        '101',
        '102',
        '103',
        '104',
        '105',
      ]);
    });

    it('exists on numbers (null counts as missing) and on geo', async () => {
      expect(await filtered({ field: 'price', op: 'exists', exists: false })).toEqual(['10', '22']);
      expect(await filtered({ field: 'price', op: 'exists', exists: true })).toEqual(
        where((e) => typeof e.price === 'number'),
      );
      expect(await filtered({ field: 'location', op: 'exists', exists: false })).toEqual(['100', 'x7']);
    });

    it('combined filters are AND-ed', async () => {
      expect(
        await filtered(
          { field: 'country', op: 'eq', value: 'DE' },
          { field: 'price', op: 'range', lte: 25 },
          { field: 'category', op: 'in', values: ['music', 'nightlife', 'culture'] },
        ),
      ).toEqual(['1', '3', '11', 'x7']);
    });
  });

  describe('text', () => {
    it('matches any searchable field, case- and diacritic-insensitively', async () => {
      expect(await sortedIds({ text: 'JAZZ' })).toEqual(['1', '10']);
      expect(await sortedIds({ text: 'cafe MULLER' })).toEqual(['11']);
      expect(await sortedIds({ text: 'Müller' })).toEqual(['11']);
      expect(await sortedIds({ text: 'electronic' })).toEqual(['2']);
    });

    it('searchable keyword fields match too', async () => {
      expect(await sortedIds({ text: 'lyon' })).toEqual(['22']);
    });

    it('every word must match', async () => {
      expect(await sortedIds({ text: 'jazz trio' })).toEqual(['10']);
      expect(await sortedIds({ text: 'jazz sunrise' })).toEqual([]);
    });

    it('words match as prefixes', async () => {
      expect(await sortedIds({ text: 'berl' })).toEqual(['1', '2', '11', '200']);
      expect(await sortedIds({ text: 'saxoph' })).toEqual(['1']);
    });

    it('plurals and word forms match the same events, prefixes still match', async () => {
      await search.upsert(index, [
        {
          id: 'w1',
          name: 'Harbour Concert',
          description: 'Strings at dusk',
          city: 'Kiel',
          country: 'DE',
          category: 'music',
        },
        {
          id: 'w2',
          name: 'Summer Concerts',
          description: 'Three parties in the park',
          city: 'Kiel',
          country: 'DE',
          category: 'music',
        },
      ]);
      await search.refresh(index);
      expect(await sortedIds({ text: 'concerts' })).toEqual(['w1', 'w2']);
      expect(await sortedIds({ text: 'concert' })).toEqual(['w1', 'w2']);
      expect(await sortedIds({ text: 'party' })).toEqual(['w2', 'x7']);
      expect(await sortedIds({ text: 'concer' })).toEqual(['w1', 'w2']);
    });

    it('keywords fold accents: one city whatever the spelling, in filters, text and facets (labelled with the accents)', async () => {
      await search.upsert(index, [
        { id: 'a1', name: 'Samba Night', city: 'São Paulo', country: 'BR', category: 'music' },
        { id: 'a2', name: 'Choro Matinee', city: 'Sao Paulo', country: 'BR', category: 'music' },
        { id: 'a3', name: 'Forro Class', city: 'Sao Paulo', country: 'BR', category: 'music' },
      ]);
      await search.refresh(index);
      const all = ['a1', 'a2', 'a3'];
      expect(await sortedIds({ filters: [{ field: 'city', op: 'eq', value: 'sao paulo' }] })).toEqual(all);
      expect(await sortedIds({ filters: [{ field: 'city', op: 'in', values: ['São Paulo'] }] })).toEqual(all);
      expect(await sortedIds({ text: 'sao paulo' })).toEqual(all);
      const facets = await search.facets(index, {
        terms: ['city'],
        filters: [{ field: 'country', op: 'eq', value: 'BR' }],
      });
      expect(facets.terms.city).toEqual([{ value: 'São Paulo', count: 3 }]);
    });

    it('tolerates a typo in a longer word', async () => {
      expect(await sortedIds({ text: 'marathn' })).toEqual(['2', '200']);
      expect(await sortedIds({ text: 'saxofone' })).toEqual(['1']);
    });

    it('ranks boosted fields first', async () => {
      expect(await ids({ text: 'jazz', sort: [{ by: 'relevance' }] })).toEqual(['1', '10']);
      expect(await ids({ text: 'harbour', sort: [{ by: 'relevance' }] })).toEqual(['10', '104']);
      expect(
        await ids({
          text: 'jazz',
          filters: [{ field: 'country', op: 'eq', value: 'DE' }],
          sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'asc' }],
        }),
      ).toEqual(['1', '10']);
    });

    it('text, filters and geo combine', async () => {
      expect(
        await sortedIds({
          text: 'marathon',
          filters: [{ field: 'category', op: 'eq', value: 'sports' }],
          near: { field: 'location', ...berlin, radiusKm: 10 },
        }),
      ).toEqual(['200']);
    });

    it('text that matches nothing, and text without words, behave', async () => {
      expect((await search.search(index, { text: 'qqqzzzxxx' })).total).toBe(0);
      expect((await search.search(index, { text: '  !! ' })).total).toBe(fixtureEvents.length);
    });
  });

  describe('sorting', () => {
    for (const field of Object.keys(sortValues)) {
      for (const direction of ['asc', 'desc'] as const) {
        it(`by ${field} ${direction}, missing last, ties by id`, async () => {
          expect(await ids({ sort: [{ by: 'field', field, direction }] })).toEqual(
            expectedOrder(fixtureEvents, sortValues[field]!, direction),
          );
        });
      }
    }

    it('several sort clauses apply in order', async () => {
      const order = await ids({
        filters: [{ field: 'country', op: 'eq', value: 'DE' }],
        sort: [
          { by: 'field', field: 'date', direction: 'asc' },
          { by: 'field', field: 'price', direction: 'desc' },
        ],
      });
      expect(order).toEqual(['x7', '3', '1', '2', '200', '11', '10']);
    });

    it('paging through a sort with ties never repeats or skips', async () => {
      const expected = expectedOrder(fixtureEvents, sortValues.popularity!, 'desc');
      const seen: string[] = [];
      for (let offset = 0; offset < fixtureEvents.length; offset += 3) {
        const page = await search.search(index, {
          sort: [{ by: 'field', field: 'popularity', direction: 'desc' }],
          offset,
          limit: 3,
        });
        expect(page.total).toBe(fixtureEvents.length);
        seen.push(...page.hits.map((hit) => hit.id));
      }
      expect(seen).toEqual(expected);
    });
  });

  describe('geo', () => {
    it('near keeps documents within the radius and returns their great-circle distance', async () => {
      for (const radiusKm of [3, 25, 30, 300]) {
        const expected = fixtureEvents.filter(located).filter((e) => haversineKm(berlin, e.location) <= radiusKm);
        // No fixture may sit on the edge, or rounding differences would make this case flaky rather than strict.
        for (const e of fixtureEvents.filter(located))
          expect(Math.abs(haversineKm(berlin, e.location) - radiusKm)).toBeGreaterThan(0.05);
        const result = await search.search(index, { near: { field: 'location', ...berlin, radiusKm }, limit: 100 });
        expect(result.hits.map((hit) => hit.id).sort(compareIds)).toEqual(idsOf(expected));
        expect(result.total).toBe(expected.length);
        for (const hit of result.hits) {
          const event = fixtureEvents.find((e) => e.id === hit.id)!;
          expect(hit.distanceKm).toBeCloseTo(haversineKm(berlin, event.location!), 3);
        }
      }
    });

    it('sorts by distance both ways', async () => {
      const near = { field: 'location', ...berlin, radiusKm: 1000 };
      const byDistance = (e: FixtureEvent) => haversineKm(berlin, e.location!);
      const inRange = fixtureEvents.filter(located).filter((e) => byDistance(e) <= 1000);
      expect(await ids({ near, sort: [{ by: 'distance', direction: 'asc' }] })).toEqual(
        expectedOrder(inRange, byDistance, 'asc'),
      );
      expect(await ids({ near, sort: [{ by: 'distance', direction: 'desc' }] })).toEqual(
        expectedOrder(inRange, byDistance, 'desc'),
      );
    });

    it('near works across the antimeridian', async () => {
      const center = { lat: -17, lon: 179.5 };
      const expected = fixtureEvents.filter(located).filter((e) => haversineKm(center, e.location) <= 200);
      expect(idsOf(expected)).toEqual(['101', '102']);
      expect(await sortedIds({ near: { field: 'location', ...center, radiusKm: 200 } })).toEqual(['101', '102']);
    });

    it('bounds keep documents inside the box, edges included', async () => {
      expect(await sortedIds({ bounds: { field: 'location', south: 45, north: 55, west: 0, east: 15 } })).toEqual(
        where(
          (e) =>
            !!e.location && e.location.lat >= 45 && e.location.lat <= 55 && e.location.lon >= 0 && e.location.lon <= 15,
        ),
      );
      // Exactly on the north and east edges; Elasticsearch quantizes points to about a centimetre, so the
      // south and west edges get a little room rather than testing the engine's rounding.
      expect(
        await sortedIds({ bounds: { field: 'location', south: 52.39, north: 52.5, west: 13.05, east: 13.45 } }),
      ).toEqual(['2', '3']);
    });

    it('bounds with west > east cross the antimeridian', async () => {
      expect(await sortedIds({ bounds: { field: 'location', south: -20, north: -10, west: 170, east: -170 } })).toEqual(
        ['101', '102', '103'],
      );
      expect(await sortedIds({ bounds: { field: 'location', south: -40, north: 30, west: 175, east: -160 } })).toEqual([
        '101',
        '102',
        '103',
      ]);
    });

    it('bounds combine with filters', async () => {
      expect(
        await sortedIds({
          bounds: { field: 'location', south: 40, north: 60, west: -5, east: 20 },
          filters: [
            { field: 'category', op: 'eq', value: 'culture' },
            { field: 'price', op: 'range', gte: 0, lte: 20 },
          ],
        }),
      ).toEqual(['11', '21']);
    });
  });

  describe('pages and projections', () => {
    it('pages to the last page and past it', async () => {
      const all = await ids({});
      const last = await search.search(index, { offset: 12, limit: 5 });
      expect(last.total).toBe(fixtureEvents.length);
      expect(last.hits.map((hit) => hit.id)).toEqual(all.slice(12));
      const beyond = await search.search(index, { offset: 40, limit: 5 });
      expect(beyond).toEqual({ total: fixtureEvents.length, hits: [], nextCursor: null });
    });

    it('refuses a page past the result window with SearchWindowError, on every engine alike', async () => {
      const last = await search.search(index, { offset: MAX_RESULT_WINDOW - 5, limit: 5 });
      expect(last.hits).toEqual([]);
      await expect(search.search(index, { offset: MAX_RESULT_WINDOW - 4, limit: 5 })).rejects.toBeInstanceOf(
        SearchWindowError,
      );
      await expect(search.search(index, { offset: MAX_RESULT_WINDOW })).rejects.toBeInstanceOf(SearchWindowError);
    });

    it('scan walks every match in sort order, page by page, with no depth limit', async () => {
      const query: SearchQuery = { sort: [{ by: 'field', field: 'popularity', direction: 'desc' }], fields: ['name'] };
      const pages: string[][] = [];
      for await (const page of search.scan(index, query, 4)) pages.push(page.map((hit) => hit.id));
      expect(pages.flat()).toEqual(expectedOrder(fixtureEvents, sortValues.popularity!, 'desc'));
      expect(pages.every((page) => page.length <= 4)).toBe(true);
      const near: string[] = [];
      for await (const page of search.scan(index, { near: { field: 'location', ...berlin, radiusKm: 30 } }, 2))
        near.push(...page.map((hit) => hit.id));
      expect(near.sort(compareIds)).toEqual(await sortedIds({ near: { field: 'location', ...berlin, radiusKm: 30 } }));
    });

    it('fields returns only the named fields plus id, leaving missing ones out', async () => {
      const result = await search.search(index, {
        filters: [{ field: 'city', op: 'in', values: ['lyon', 'berlin'] }],
        sort: [{ by: 'field', field: 'date', direction: 'asc' }],
        fields: ['name', 'price', 'location'],
        limit: 2,
      });
      expect(result.hits.map((hit) => hit.source)).toEqual([
        { id: '1', name: 'Jazz Evening', price: 25, location: { lat: 52.52, lon: 13.405 } },
        { id: '2', name: 'Techno Marathon', price: 40, location: { lat: 52.5, lon: 13.45 } },
      ]);
      const lyon = await search.search(index, {
        filters: [{ field: 'city', op: 'eq', value: 'lyon' }],
        fields: ['name', 'price'],
      });
      expect(lyon.hits[0]!.source).toEqual({ id: '22', name: 'Lyon Food Festival' });
    });

    it('fields naming a schema view (in any order) answer what picking them from the whole documents gives', async () => {
      const query: SearchQuery = { sort: [{ by: 'field', field: 'date', direction: 'asc' }], limit: 1000 };
      const whole = await search.search(index, query);
      const listing = await search.search(index, { ...query, fields: ['tags', 'location', 'name', 'price'] });
      const picked = whole.hits.map(({ id, source }) =>
        Object.fromEntries([
          ['id', id],
          ...Object.entries(source).filter(([key]) => ['name', 'price', 'location', 'tags'].includes(key)),
        ]),
      );
      expect(listing.hits.map((hit) => hit.source)).toEqual(picked);
      expect(listing.hits.map((hit) => hit.source).some((source) => !('price' in source))).toBe(true);
      expect(listing.total).toBe(whole.total);
      const near = {
        near: { field: 'location', ...berlin, radiusKm: 30 },
        sort: [{ by: 'distance' as const, direction: 'asc' as const }],
      };
      const nearWhole = await search.search(index, near);
      const nearListing = await search.search(index, { ...near, fields: ['name', 'price', 'location', 'tags'] });
      expect(nearListing.hits.map(({ id, distanceKm }) => [id, distanceKm])).toEqual(
        nearWhole.hits.map(({ id, distanceKm }) => [id, distanceKm]),
      );
    });

    it('searchFragments gives the page search gives, each hit with its fragment as JSON text; sources never carry fragments', async () => {
      const pins = fixtureEvents.filter(located).map((e) => ({
        ...e,
        pin: { id: Number(e.id), name: e.name, at: [e.location.lat, e.location.lon], note: 'a "quoted" é' },
      }));
      await search.upsert(index, pins);
      await search.refresh(index);
      const query: SearchQuery = {
        near: { field: 'location', ...berlin, radiusKm: 3000 },
        sort: [{ by: 'distance', direction: 'asc' }],
        limit: 4,
      };
      const page = await search.search(index, query);
      const fragments = await search.searchFragments(index, query, 'pin');
      expect(fragments.total).toBe(page.total);
      expect(fragments.nextCursor).toBe(page.nextCursor);
      expect(fragments.hits.map(({ id, distanceKm }) => [id, distanceKm])).toEqual(
        page.hits.map(({ id, distanceKm }) => [id, distanceKm]),
      );
      const byId = new Map(pins.map((pin) => [pin.id, JSON.stringify(pin.pin)]));
      expect(fragments.hits.map((hit) => hit.fragment)).toEqual(page.hits.map((hit) => byId.get(hit.id)));
      expect(page.hits.every((hit) => !('pin' in hit.source))).toBe(true);
      expect(await search.get(index, '1')).toEqual(fixtureEvents[0]);
      expect((await search.getMany(index, ['2'])).get('2')).toEqual(fixtureEvents[1]);
      expect((await search.search(index, { fields: ['name'], limit: 1 })).hits[0]!.source).toEqual({
        id: '1',
        name: 'Jazz Evening',
      });
      // Written without it (an index older than the fragment): null, so the caller answers from `search`.
      const online = await search.searchFragments(
        index,
        {
          filters: [{ field: 'country', op: 'eq', value: 'US' }],
          sort: [{ by: 'field', field: 'date', direction: 'asc' }],
        },
        'pin',
      );
      expect(online.hits.map((hit) => [hit.id, hit.fragment === null])).toEqual([
        ['100', true],
        ['105', false],
      ]);
    });

    it('count agrees with the search total', async () => {
      const query = {
        filters: [{ field: 'country', op: 'eq', value: 'DE' } as const],
        near: { field: 'location', ...berlin, radiusKm: 30 },
      };
      expect(await search.count(index, query)).toBe((await search.search(index, query)).total);
      expect(await search.count(index, { text: 'berlin' })).toBe(4);
    });

    it('count of an open-ended range (the shape of every "upcoming" listing)', async () => {
      const from = '2030-03-02T22:00:00Z';
      const onOrAfter = fixtureEvents.filter((e) => Date.parse(e.date!) >= Date.parse(from)).length;
      const after = fixtureEvents.filter((e) => Date.parse(e.date!) > Date.parse(from)).length;
      expect(await search.count(index, { filters: [{ field: 'date', op: 'range', gte: from }] })).toBe(onOrAfter);
      expect(await search.count(index, { filters: [{ field: 'date', op: 'range', gt: from }] })).toBe(after);
      expect(await search.count(index, { filters: [{ field: 'price', op: 'range', gte: 25 }] })).toBe(
        where((e) => (e.price ?? -1) >= 25).length,
      );
      const page = await search.search(index, {
        filters: [{ field: 'date', op: 'range', gte: from }],
        offset: 2,
        limit: 2,
      });
      expect(page.total).toBe(onOrAfter);
    });
  });

  testCursorPaging(() => ({ search, index }));

  describe('facets', () => {
    it('terms group case-insensitively, most frequent first, ties by value', async () => {
      const facets = await search.facets(index, { terms: ['city', 'category'] });
      expect(facets.terms.city).toEqual([
        { value: 'Berlin', count: 4 },
        { value: 'Paris', count: 2 },
        ...['Apia', 'Auckland', 'Hamburg', 'Honolulu', 'Lyon', 'Potsdam', 'Suva', 'Taveuni'].map((value) => ({
          value,
          count: 1,
        })),
      ]);
      expect(facets.terms.category!.slice(0, 4)).toEqual([
        { value: 'culture', count: 5 },
        { value: 'sports', count: 5 },
        { value: 'music', count: 2 },
        { value: 'nightlife', count: 2 },
      ]);
    });

    it('an open date range alone gives the facets of the events on or after it; writes and deletes keep them current', async () => {
      const from = '2030-04-01T00:00:00Z';
      const expected = (events: FixtureEvent[]) => {
        const counts = new Map<string, number>();
        for (const e of events)
          if (e.city && e.date && Date.parse(e.date) >= Date.parse(from))
            counts.set(e.city.toLowerCase(), (counts.get(e.city.toLowerCase()) ?? 0) + 1);
        return [...counts.values()].reduce((a, b) => a + b, 0);
      };
      const cityTotal = async () =>
        (
          await search.facets(index, { terms: ['city'], filters: [{ field: 'date', op: 'range', gte: from }] })
        ).terms.city!.reduce((sum, t) => sum + t.count, 0);
      expect(await cityTotal()).toBe(expected(fixtureEvents));
      const paris = fixtureEvents.find((e) => e.id === '20')!;
      await search.upsert(index, [{ ...paris, city: 'Lyon' }]);
      await search.delete(index, ['21']);
      await search.refresh(index);
      const facets = await search.facets(index, {
        terms: ['city'],
        filters: [{ field: 'date', op: 'range', gte: from }],
      });
      expect(facets.terms.city!.find((t) => t.value === 'Lyon')).toEqual({ value: 'Lyon', count: 2 });
      expect(facets.terms.city!.find((t) => t.value === 'Paris')).toBeUndefined();
      expect(
        (await search.facets(index, { terms: ['city'] })).terms.city!.find((t) => t.value === 'Paris'),
      ).toBeUndefined();
    });

    it('a count may stop early: atMost bounds it', async () => {
      expect(await search.count(index, {}, { atMost: 1 })).toBe(1);
      expect(await search.count(index, { filters: [{ field: 'country', op: 'eq', value: 'ZZ' }] }, { atMost: 1 })).toBe(
        0,
      );
      expect(await search.count(index, { text: 'berlin' }, { atMost: 100 })).toBe(4);
    });

    it('filters and size restrict the facets; stats give min and max', async () => {
      const facets = await search.facets(index, {
        terms: ['city'],
        stats: ['price'],
        filters: [{ field: 'country', op: 'eq', value: 'FR' }],
        size: 1,
      });
      expect(facets).toEqual({
        terms: { city: [{ value: 'Paris', count: 2 }] },
        stats: { price: { min: 18, max: 120 } },
      });
      const none = await search.facets(index, {
        terms: ['city'],
        stats: ['price'],
        filters: [{ field: 'country', op: 'eq', value: 'ZZ' }],
      });
      expect(none).toEqual({ terms: { city: [] }, stats: { price: { min: null, max: null } } });
    });
  });

  describe('rebuild', () => {
    it('serves the old copy until commit, then only the new one', async () => {
      const rebuild = await search.beginRebuild(index);
      await rebuild.upsert([{ ...fixtureEvents[0]!, name: 'Rebuilt Jazz' }, fixtureEvents[1]!]);
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
      await rebuild.commit();
      expect(await ids({})).toEqual(['1', '2']);
      expect((await search.get(index, '1'))?.name).toBe('Rebuilt Jazz');
      expect(await sortedIds({ text: 'rebuilt' })).toEqual(['1']);
      await search.upsert(index, [fixtureEvents[2]!]);
      await search.refresh(index);
      expect(await ids({})).toEqual(['1', '2', '3']);
    });

    it('the copy being rebuilt can be read back and deleted from, so a replay streams into it', async () => {
      const rebuild = await search.beginRebuild(index);
      await rebuild.upsert([fixtureEvents[0]!, fixtureEvents[1]!, fixtureEvents[2]!]);
      expect([...(await rebuild.getMany(['1', '3', '20'])).keys()].sort()).toEqual(['1', '3']);
      await rebuild.delete(['3']);
      // The serving copy is untouched by the rebuild's writes.
      expect(await search.get(index, '3')).toEqual(fixtureEvents[2]);
      await rebuild.commit();
      expect(await ids({})).toEqual(['1', '2']);
    });

    it("a schema change: readers use the serving copy's schema until the swap, and writes keep reaching it", async () => {
      const changed = contractSchema(index);
      changed.fields.rank = { type: 'number' };
      changed.fields.organizer = { type: 'keyword' };
      expect(await search.init(changed)).toEqual({ created: true });
      // New code asking for the new fields before the swap: no error; they read as missing from every document.
      const byRank = { sort: [{ by: 'field' as const, field: 'rank', direction: 'desc' as const }] };
      expect(await ids(byRank)).toEqual(idsOf(fixtureEvents));
      expect(await ids({ sort: [...byRank.sort, { by: 'field', field: 'price', direction: 'asc' }] })).toEqual(
        expectedOrder(fixtureEvents, sortValues.price!, 'asc'),
      );
      expect(await filtered({ field: 'organizer', op: 'eq', value: 'blue note' })).toEqual([]);
      expect(await filtered({ field: 'organizer', op: 'exists', exists: false })).toEqual(idsOf(fixtureEvents));
      expect(await search.count(index, { filters: [{ field: 'rank', op: 'range', gte: 1 }] })).toBe(0);
      expect(
        (await search.facets(index, { terms: ['organizer', 'country'], stats: ['rank'] })).terms.organizer,
      ).toEqual([]);
      // A field neither schema knows is still a mistake.
      await expect(
        search.search(index, { sort: [{ by: 'field', field: 'no_such_field', direction: 'asc' }] }),
      ).rejects.toThrow();

      const rebuild = await search.beginRebuild(index);
      await rebuild.upsert(
        fixtureEvents.map((event, i) => ({ ...event, rank: i, organizer: i === 0 ? 'Blue Note' : 'Other' })),
      );
      // A write during the rebuild is searchable at once from the serving copy (the projector replays it into the new one).
      await search.upsert(index, [{ id: '900', name: 'Written During The Rebuild', rank: 99 }]);
      await search.refresh(index);
      expect(await sortedIds({ text: 'rebuild' })).toEqual(['900']);
      expect(await ids(byRank)).toEqual([...idsOf(fixtureEvents), '900'].sort(compareIds));
      await rebuild.upsert([{ id: '900', name: 'Written During The Rebuild', rank: 99 }]);
      await rebuild.commit();

      // After the swap, the new schema serves: the sort and the filter work on the new fields.
      expect((await ids(byRank)).slice(0, 3)).toEqual([
        '900',
        fixtureEvents[fixtureEvents.length - 1]!.id,
        fixtureEvents[fixtureEvents.length - 2]!.id,
      ]);
      expect(await filtered({ field: 'organizer', op: 'eq', value: 'blue note' })).toEqual([fixtureEvents[0]!.id]);
      expect(await search.init(changed)).toEqual({ created: false });
    });

    it('copies an unfinished rebuild left are removed, never the serving one', async () => {
      const left = await search.beginRebuild(index);
      await left.upsert([fixtureEvents[0]!]);
      // Its process died here: neither commit nor abort. The next rebuild removes the copy before its own.
      const next = await search.beginRebuild(index);
      await next.upsert(fixtureEvents.slice(0, 2));
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
      expect(await search.dropUnusedCopies(index)).toHaveLength(1);
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
      expect(await search.dropUnusedCopies(index)).toEqual([]);
    });

    it('a copy left with no rebuild after it is removed by dropUnusedCopies', async () => {
      const left = await search.beginRebuild(index);
      await left.upsert([fixtureEvents[0]!]);
      expect(await search.dropUnusedCopies(index)).toHaveLength(1);
      expect(await search.dropUnusedCopies(index)).toEqual([]);
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
      const rebuild = await search.beginRebuild(index);
      await rebuild.upsert(fixtureEvents.slice(0, 2));
      await rebuild.commit();
      expect(await ids({})).toEqual(['1', '2']);
      expect(await search.dropUnusedCopies(index)).toEqual([]);
    });

    it('abort keeps the old copy', async () => {
      const rebuild = await search.beginRebuild(index);
      await rebuild.upsert([fixtureEvents[0]!]);
      await rebuild.abort();
      expect((await search.search(index, {})).total).toBe(fixtureEvents.length);
    });
  });
}
