import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type FilterState } from '../../../features/filters/filter-state.ts';
import { DATE_SORT, locationOf, sortBeforeLocation, userOf, withLocation, withoutLocation } from './near-me-filters.ts';

const filters = (overrides: Partial<FilterState> = {}): FilterState => ({ ...DEFAULT_FILTERS, ...overrides });

describe('Near me and the search', () => {
  it('sorts a located search by distance, nearest first', () => {
    const located = withLocation(filters({ sort_by: 'price', sort_order: 'desc' }), {
      lat: 52.5,
      lon: 13.4,
      source: 'browser',
    });
    expect(located).toMatchObject({ latitude: 52.5, longitude: 13.4, sort_by: 'distance', sort_order: 'asc' });
  });

  it("remembers the search's own sort, not the distance sort Near me set", () => {
    expect(sortBeforeLocation(filters({ sort_by: 'price', sort_order: 'desc' }), DATE_SORT)).toEqual({
      sort_by: 'price',
      sort_order: 'desc',
    });
    const earlier = { sort_by: 'price', sort_order: 'desc' } as const;
    expect(sortBeforeLocation(filters({ sort_by: 'distance' }), earlier)).toBe(earlier);
  });

  it('gives the earlier sort back on clearing only while the search still sorts by distance', () => {
    const earlier = { sort_by: 'price', sort_order: 'desc' } as const;
    expect(withoutLocation(filters({ latitude: 1, longitude: 2, sort_by: 'distance' }), earlier)).toMatchObject({
      latitude: null,
      longitude: null,
      sort_by: 'price',
      sort_order: 'desc',
    });
    expect(withoutLocation(filters({ latitude: 1, longitude: 2, sort_by: 'date' }), earlier)).toMatchObject({
      latitude: null,
      sort_by: 'date',
    });
  });

  it("reads a search's location with where a remembered one came from, a shared link's as the browser's", () => {
    expect(locationOf(filters(), null)).toBeNull();
    expect(locationOf(filters({ latitude: 1, longitude: 2 }), null)).toEqual({ lat: 1, lon: 2, source: 'browser' });
    expect(
      locationOf(filters({ latitude: 1, longitude: 2 }), { lat: 1, lon: 2, source: 'ip', radius_km: 50 } as never),
    ).toEqual({ lat: 1, lon: 2, source: 'ip' });
  });

  it("puts the visitor on the map with the search's radius", () => {
    expect(userOf(filters())).toBeNull();
    expect(userOf(filters({ latitude: 1, longitude: 2, nearby_radius_km: 25 }))).toEqual({
      lat: 1,
      lon: 2,
      radiusKm: 25,
    });
  });
});
