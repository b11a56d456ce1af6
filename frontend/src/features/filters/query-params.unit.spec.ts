import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type FilterState } from './filter-state.ts';
import { buildEventsQuery, cleanQuery, endOfDayIso, fixYear, priceParam, startOfDayIso } from './query-params.ts';

const filters = (overrides: Partial<FilterState> = {}): FilterState => ({ ...DEFAULT_FILTERS, ...overrides });
const firstPage = { page: 1, perPage: 100 };

describe('cleaning a query', () => {
  it('removes empty, null, undefined and NaN values and keeps zero and false', () => {
    expect(cleanQuery({ a: '', b: null, c: undefined, d: Number.NaN, e: '  ', f: 0, g: false, h: 'x' })).toEqual({
      f: '0',
      g: 'false',
      h: 'x',
    });
  });
});

describe('price parameters', () => {
  it.each(['', 'null', 'undefined', 'nan', 'NaN', 'abc', '-1', null, undefined])('drops %j', (value) => {
    expect(priceParam(value)).toBeUndefined();
  });

  it('keeps zero and positive numbers', () => {
    expect(priceParam('0')).toBe(0);
    expect(priceParam('49.5')).toBe(49.5);
    expect(priceParam(20)).toBe(20);
  });

  it('leaves an invalid price out of the built query and keeps the valid one', () => {
    const query = buildEventsQuery(filters({ min_price: '-5', max_price: '80' }), firstPage);
    expect(query).not.toHaveProperty('min_price');
    expect(query.max_price).toBe('80');
  });
});

describe('dates', () => {
  it("corrects a year typed as '0025-' to 2025", () => {
    expect(fixYear('0025-06-01')).toBe('2025-06-01');
    expect(fixYear('2026-06-01')).toBe('2026-06-01');
  });

  it('turns a start date into the start of that day and an end date into its end (local time)', () => {
    expect(startOfDayIso('2026-12-24')).toBe(new Date(2026, 11, 24, 0, 0, 0).toISOString());
    expect(endOfDayIso('2026-12-24')).toBe(new Date(2026, 11, 24, 23, 59, 59).toISOString());
  });

  it("applies the '0025-' fix before computing the day", () => {
    expect(startOfDayIso('0025-03-02')).toBe(new Date(2025, 2, 2, 0, 0, 0).toISOString());
  });

  it.each(['', 'tomorrow', '2026-02-31', '2026-13-01'])('drops the invalid date %j', (value) => {
    expect(startOfDayIso(value)).toBeUndefined();
    expect(endOfDayIso(value)).toBeUndefined();
  });
});

describe('building the events query', () => {
  it('sends only sort, paging and nothing for the defaults', () => {
    expect(buildEventsQuery(filters(), firstPage)).toEqual({
      sort_by: 'date',
      sort_order: 'asc',
      per_page: '100',
      page: '1',
    });
  });

  it("omits country, city and category when they are 'all' and sends them otherwise", () => {
    const query = buildEventsQuery(
      filters({ country: 'Spain', city: 'Madrid', category: 'Technology', keyword: ' jazz ' }),
      firstPage,
    );
    expect(query).toMatchObject({ country: 'Spain', city: 'Madrid', category: 'Technology', keyword: 'jazz' });
  });

  it('sends a preset period as date_preset', () => {
    expect(buildEventsQuery(filters({ date_filter: 'this_week' }), firstPage).date_preset).toBe('this_week');
  });

  it("drops 'Custom dates' when neither date is set", () => {
    const query = buildEventsQuery(filters({ date_filter: 'custom' }), firstPage);
    expect(query).not.toHaveProperty('date_from');
    expect(query).not.toHaveProperty('date_to');
    expect(query).not.toHaveProperty('date_preset');
  });

  it('sends custom dates as ISO start and end of day', () => {
    const query = buildEventsQuery(
      filters({ date_filter: 'custom', start_date: '2026-12-01', end_date: '2026-12-03' }),
      firstPage,
    );
    expect(query.date_from).toBe(new Date(2026, 11, 1).toISOString());
    expect(query.date_to).toBe(new Date(2026, 11, 3, 23, 59, 59).toISOString());
  });

  it('carries the location and radius only while nearby is active', () => {
    expect(buildEventsQuery(filters({ nearby_radius_km: 40 }), firstPage)).not.toHaveProperty('nearby_radius_km');
    const query = buildEventsQuery(
      filters({ latitude: 52.52, longitude: 13.405, nearby_radius_km: 40, sort_by: 'distance' }),
      firstPage,
    );
    expect(query).toMatchObject({
      latitude: '52.52',
      longitude: '13.405',
      nearby_radius_km: '40',
      sort_by: 'distance',
    });
  });

  it('adds only_in_view and the bounds when the map bounds are given', () => {
    const query = buildEventsQuery(filters(), { ...firstPage, bounds: { north: 10, south: -5, east: 30, west: 20 } });
    expect(query).toMatchObject({ only_in_view: 'true', min_lat: '-5', max_lat: '10', min_lon: '20', max_lon: '30' });
  });

  it('uses page 1 when the page is not a positive number', () => {
    expect(buildEventsQuery(filters(), { page: 0, perPage: 100 }).page).toBe('1');
    expect(buildEventsQuery(filters(), { page: Number.NaN, perPage: 100 }).page).toBe('1');
    expect(buildEventsQuery(filters(), { page: 3, perPage: 100 }).page).toBe('3');
  });
});
