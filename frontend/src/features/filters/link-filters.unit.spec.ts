import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './filter-state.ts';
import { readLinkFilters, withLinkFilters, withoutLinkFilters } from './link-filters.ts';

describe('link filters', () => {
  it('reads a country and city from the digest link, accents and all', () => {
    expect(readLinkFilters('?country=Brazil&city=S%C3%A3o+Paulo')).toEqual({ country: 'Brazil', city: 'São Paulo' });
    expect(readLinkFilters('?city=Austin')).toEqual({ city: 'Austin' });
  });

  it('ignores missing, blank and absurdly long values', () => {
    expect(readLinkFilters('')).toEqual({});
    expect(readLinkFilters('?country=%20&city=')).toEqual({});
    expect(readLinkFilters(`?city=${'x'.repeat(121)}`)).toEqual({});
  });

  it('applies the place and sets a remembered near-me location aside', () => {
    const nearby = { ...DEFAULT_FILTERS, latitude: 38.7, longitude: -9.1, sort_by: 'distance' as const };
    expect(withLinkFilters(nearby, { country: 'United States', city: 'Austin' })).toMatchObject({
      country: 'United States',
      city: 'Austin',
      latitude: null,
      longitude: null,
      sort_by: 'date',
    });
    expect(withLinkFilters(nearby, {})).toBe(nearby);
  });

  it('drops only its own parameters from the address', () => {
    expect(withoutLinkFilters('?country=Brazil&city=Rio&mode=map')).toBe('?mode=map');
    expect(withoutLinkFilters('?city=Rio')).toBe('');
  });
});
