import { describe, expect, it } from 'vitest';
import { HttpError } from '@evently/platform';
import { parseSearchParams } from './search-params.ts';

const parse = (raw: Record<string, unknown>, zone = 'UTC') => parseSearchParams(raw, zone);

function rejects(raw: Record<string, unknown>, message: RegExp) {
  let thrown: unknown;
  try {
    parse(raw);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(HttpError);
  expect((thrown as HttpError).status).toBe(400);
  expect((thrown as HttpError).message).toMatch(message);
}

describe('GET /api/events parameters', () => {
  it('given nothing, then defaults are date asc, page 1, 100 per page, full fields', () => {
    expect(parse({})).toEqual({ sortOrder: 'asc', page: 1, perPage: 100 });
  });

  it("given 'all', empty and 'null' filter values, then they are dropped", () => {
    expect(parse({ country: 'all', city: '', category: 'null', keyword: '  ' })).toEqual(parse({}));
  });

  it.each(['', 'null', 'undefined', 'nan', 'abc', '-5'])('given the price %j, then it is dropped', (value) => {
    expect(parse({ min_price: value, max_price: value }).minPrice).toBeUndefined();
  });

  it('given numeric prices, then they are kept', () => {
    expect(parse({ min_price: '0', max_price: '49.5' })).toMatchObject({ minPrice: 0, maxPrice: 49.5 });
  });

  it('given bare dates in a zone, then from is the start and to the end of those days there', () => {
    const params = parse({ date_from: '2026-12-01', date_to: '2026-12-02' }, 'Europe/Madrid');
    expect(params.dateFrom?.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(params.dateTo?.toISOString()).toBe('2026-12-02T22:59:59.000Z');
  });

  it("given a '0025-' year or an invalid date, then it is corrected or dropped", () => {
    expect(parse({ date_from: '0025-12-01' }).dateFrom?.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(parse({ date_from: '2026-02-31', date_to: 'tomorrow' })).not.toHaveProperty('dateFrom');
  });

  it('given a radius out of range or not a number, then it is clamped or defaulted', () => {
    const at = { latitude: '40', longitude: '-3' };
    expect(parse({ ...at, nearby_radius_km: '500' }).near?.radiusKm).toBe(100);
    expect(parse({ ...at, nearby_radius_km: '0' }).near?.radiusKm).toBe(1);
    expect(parse({ ...at, nearby_radius_km: 'far' }).near?.radiusKm).toBe(25);
    expect(parse(at).near).toEqual({ lat: 40, lon: -3, radiusKm: 25 });
  });

  it('given half a coordinate pair or an impossible latitude, then it is a 400', () => {
    rejects({ latitude: '40' }, /together/);
    rejects({ latitude: '91', longitude: '0' }, /latitude/);
    rejects({ latitude: 'x', longitude: '0' }, /latitude/);
  });

  it('given only_in_view with a box across the antimeridian, then west is greater than east', () => {
    expect(
      parse({ only_in_view: 'true', min_lat: '-20', max_lat: '-10', min_lon: '170', max_lon: '-170' }).bounds,
    ).toEqual({
      north: -10,
      south: -20,
      east: -170,
      west: 170,
    });
  });

  it('given only_in_view without a complete box, then it is a 400', () => {
    rejects({ only_in_view: 'true', min_lat: '1' }, /only_in_view/);
    rejects({ only_in_view: 'true', min_lat: '10', max_lat: '1', min_lon: '0', max_lon: '1' }, /min_lat/);
  });

  it('given only_in_view false, then bounds are ignored', () => {
    expect(parse({ only_in_view: 'false', min_lat: '1' }).bounds).toBeUndefined();
  });

  it('given an unknown sort or order, then it is a 400; distance without a point falls back to date', () => {
    rejects({ sort_by: 'random' }, /sort_by/);
    rejects({ sort_order: 'up' }, /sort_order/);
    expect(parse({ sort_by: 'distance' }).sortBy).toBe('date');
    expect(parse({ sort_by: 'PRICE', sort_order: 'DESC' })).toMatchObject({ sortBy: 'price', sortOrder: 'desc' });
  });

  it('given bad paging values, then page falls back to 1 and per_page to 100, capped at 1000', () => {
    expect(parse({ page: '-2', per_page: 'x' })).toMatchObject({ page: 1, perPage: 100 });
    expect(parse({ page: '3', per_page: '5000' })).toMatchObject({ page: 3, perPage: 1000 });
    expect(parse({ page: '1.5' }).page).toBe(1);
  });

  it('given a page past the first 10000 results, then a 400 names the page', () => {
    expect(parse({ page: '100', per_page: '100' }).page).toBe(100);
    expect(parse({ page: '10', per_page: '1000' }).page).toBe(10);
    rejects({ page: '101', per_page: '100' }, /page: only the first 10000 results/);
    rejects({ page: '11', per_page: '1000' }, /page/);
  });

  it('given fields=map_basic or fields=card, then that light shape is asked; another value is a 400', () => {
    expect(parse({ fields: 'map_basic' }).fields).toBe('map_basic');
    expect(parse({ fields: 'CARD' }).fields).toBe('card');
    expect(parse({}).fields).toBeUndefined();
    rejects({ fields: 'everything' }, /fields/);
  });

  it('given a date preset, then it is kept; all and custom mean none; another is a 400', () => {
    expect(parse({ date_preset: 'this_week' }).datePreset).toBe('this_week');
    expect(parse({ date_preset: 'custom' }).datePreset).toBeUndefined();
    rejects({ date_preset: 'someday' }, /date_preset/);
  });

  it('given a repeated parameter, then the first value counts', () => {
    expect(parse({ city: ['Madrid', 'Paris'] }).city).toBe('Madrid');
  });
});
