import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type FilterState } from '../../../features/filters/filter-state.ts';
import type { StoredLocation } from '../../../features/nearby/location-storage.ts';
import { definesFilters, parseHomeSearch, serialiseHomeSearch } from './search-url.ts';

const stored: StoredLocation = { lat: 38.722252, lon: -9.139337, source: 'browser', timestamp: 1, radius_km: 40 };
const search = (filters: Partial<FilterState>, view: 'list' | 'map' | 'split' = 'list') => ({
  filters: { ...DEFAULT_FILTERS, ...filters },
  view,
});

describe('the home search in the address', () => {
  it('writes nothing for the default search and reads nothing as the default search', () => {
    expect(serialiseHomeSearch(search({}))).toBe('');
    expect(parseHomeSearch('')).toEqual(search({}));
  });

  it('reads a keyword link as the digest and shared links send it', () => {
    expect(parseHomeSearch('?keyword=jazz').filters).toEqual({ ...DEFAULT_FILTERS, keyword: 'jazz' });
    expect(parseHomeSearch('?country=Brazil&city=S%C3%A3o+Paulo').filters).toEqual({
      ...DEFAULT_FILTERS,
      country: 'Brazil',
      city: 'São Paulo',
    });
  });

  it('round-trips every part of a search, in one canonical order', () => {
    const full = search(
      {
        keyword: 'jazz & blues',
        country: 'Portugal',
        city: 'Lisbon',
        category: 'Music & Concerts',
        date_filter: 'custom',
        start_date: '2026-12-01',
        end_date: '2026-12-24',
        min_price: '10',
        max_price: '80.5',
        sort_by: 'price',
        sort_order: 'desc',
        latitude: 38.722,
        longitude: -9.139,
        nearby_radius_km: 40,
      },
      'split',
    );
    const address = serialiseHomeSearch(full);
    expect(address).toBe(
      '?keyword=jazz+%26+blues&country=Portugal&city=Lisbon&category=Music+%26+Concerts&date=custom&from=2026-12-01&to=2026-12-24&min_price=10&max_price=80.5&sort=price&order=desc&near=38.722%2C-9.139&radius=40&view=split',
    );
    expect(parseHomeSearch(address)).toEqual(full);
  });

  it('writes a location to about 100 m and uses the remembered one it stands for at full precision', () => {
    const address = serialiseHomeSearch(
      search({ latitude: stored.lat, longitude: stored.lon, sort_by: 'distance', nearby_radius_km: 40 }),
    );
    expect(address).toBe('?near=38.722%2C-9.139&radius=40');
    expect(parseHomeSearch(address, stored).filters).toMatchObject({
      latitude: stored.lat,
      longitude: stored.lon,
      sort_by: 'distance',
      nearby_radius_km: 40,
    });
    // Someone else's shared location is used as it was written.
    expect(parseHomeSearch('?near=40.4168,-3.7038', stored).filters).toMatchObject({
      latitude: 40.4168,
      longitude: -3.7038,
      nearby_radius_km: 25,
    });
  });

  it('starts from the remembered location only when the address holds no filters', () => {
    expect(parseHomeSearch('', stored).filters).toMatchObject({
      latitude: stored.lat,
      sort_by: 'distance',
      nearby_radius_km: 40,
    });
    expect(parseHomeSearch('?view=map', stored)).toMatchObject({ view: 'map', filters: { latitude: stored.lat } });
    // A place link is about that place: the visitor's surroundings would narrow it to nothing.
    expect(parseHomeSearch('?city=Austin', stored).filters).toMatchObject({
      city: 'Austin',
      latitude: null,
      sort_by: 'date',
    });
    // Back to an entry of this visit: the address is the whole search.
    expect(parseHomeSearch('', stored, false).filters).toEqual(DEFAULT_FILTERS);
    expect(definesFilters('?view=map&focus_lat=1')).toBe(false);
    expect(definesFilters('?sort=name')).toBe(true);
  });

  it('drops each wrong parameter on its own and keeps the rest', () => {
    const read = parseHomeSearch(
      '?keyword=%20rock%20&date=someday&min_price=-5&max_price=abc&sort=loudness&order=sideways&near=91,0&radius=500&view=globe&city=all',
    );
    expect(read).toEqual(search({ keyword: 'rock' }));
    expect(parseHomeSearch(`?keyword=${'x'.repeat(201)}&category=Sports`).filters).toEqual({
      ...DEFAULT_FILTERS,
      category: 'Sports',
    });
  });

  it('keeps custom dates only with the custom choice, corrects a 0025 year and drops impossible days', () => {
    expect(parseHomeSearch('?date=today&from=2026-01-01').filters).toMatchObject({
      date_filter: 'today',
      start_date: '',
    });
    expect(parseHomeSearch('?date=custom&from=0025-06-01&to=2026-02-31').filters).toMatchObject({
      start_date: '2025-06-01',
      end_date: '',
    });
    expect(serialiseHomeSearch(search({ date_filter: 'today', start_date: '2026-01-01' }))).toBe('?date=today');
  });

  it('sorts by distance only with a location, and says so only when it is not the default', () => {
    expect(parseHomeSearch('?sort=distance').filters.sort_by).toBe('date');
    expect(parseHomeSearch('?near=1,2').filters.sort_by).toBe('distance');
    expect(parseHomeSearch('?near=1,2&sort=date').filters.sort_by).toBe('date');
    expect(serialiseHomeSearch(search({ latitude: 1, longitude: 2, sort_by: 'date' }))).toBe('?sort=date&near=1%2C2');
  });

  it("reads the spec's mode parameter as the view, and writes the view as view", () => {
    expect(parseHomeSearch('?mode=map&focus_lat=1&focus_lon=2').view).toBe('map');
    expect(parseHomeSearch('?view=split&mode=map').view).toBe('split');
    expect(serialiseHomeSearch(search({}, 'map'))).toBe('?view=map');
  });

  it('reads the first of a repeated parameter', () => {
    expect(parseHomeSearch('?keyword=a&keyword=b').filters.keyword).toBe('a');
  });
});
