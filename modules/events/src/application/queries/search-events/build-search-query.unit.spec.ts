import { describe, expect, it } from 'vitest';
import { buildSearchQuery } from './build-search-query.ts';
import { parseSearchParams } from './search-params.ts';

const now = new Date('2026-11-21T10:00:00Z');
const build = (raw: Record<string, unknown>, zone = 'UTC') => buildSearchQuery(parseSearchParams(raw, zone), now, zone);

describe('search query from parameters', () => {
  it('given no dates, then events that started over two hours ago are excluded and the order is date asc', () => {
    const query = build({});
    expect(query.filters).toEqual([{ field: 'start', op: 'range', gte: '2026-11-21T08:00:00.000Z' }]);
    expect(query.sort).toEqual([{ by: 'field', field: 'start', direction: 'asc' }]);
    expect(query).toMatchObject({ offset: 0, limit: 100 });
  });

  it('given a date range, then the range decides alone (past events can be asked for)', () => {
    const query = build({ date_from: '2026-01-01' });
    expect(query.filters).toEqual([{ field: 'start', op: 'range', gte: '2026-01-01T00:00:00.000Z' }]);
  });

  it('given a preset in a zone, then the range is that zone day', () => {
    const query = build({ date_preset: 'today' }, 'America/Los_Angeles');
    expect(query.filters).toEqual([
      { field: 'start', op: 'range', gte: '2026-11-21T08:00:00.000Z', lt: '2026-11-22T08:00:00.000Z' },
    ]);
  });

  it('given a price range, then event ranges overlapping it match', () => {
    const filters = build({ min_price: '10', max_price: '50' }).filters ?? [];
    expect(filters).toContainEqual({ field: 'price_usd_max', op: 'range', gte: 10 });
    expect(filters).toContainEqual({ field: 'price_usd_min', op: 'range', lte: 50 });
  });

  it('given a keyword without a sort, then results rank by relevance, then date', () => {
    expect(build({ keyword: 'jazz' })).toMatchObject({
      text: 'jazz',
      sort: [{ by: 'relevance' }, { by: 'field', field: 'start', direction: 'asc' }],
    });
  });

  it('given a point and distance sort, then the query is near with distance order', () => {
    expect(
      build({ latitude: '40', longitude: '-3', nearby_radius_km: '10', sort_by: 'distance', sort_order: 'desc' }),
    ).toMatchObject({
      near: { field: 'location', lat: 40, lon: -3, radiusKm: 10 },
      sort: [{ by: 'distance', direction: 'desc' }],
    });
  });

  it('given page 3 of 20 with map_basic, then offset and light fields follow', () => {
    expect(build({ page: '3', per_page: '20', fields: 'map_basic' })).toMatchObject({
      offset: 40,
      limit: 20,
      fields: ['name', 'latitude', 'longitude', 'category', 'start_utc', 'offers'],
    });
  });

  it('given filters, then country, city and category are equality filters', () => {
    expect(build({ country: 'Spain', city: 'Madrid', category: 'Technology' }).filters).toEqual(
      expect.arrayContaining([
        { field: 'country', op: 'eq', value: 'Spain' },
        { field: 'city', op: 'eq', value: 'Madrid' },
        { field: 'category', op: 'eq', value: 'Technology' },
      ]),
    );
  });
});
