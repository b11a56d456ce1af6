import { describe, expect, it } from 'vitest';
import { citiesFor, cleanFilterOptions, EMPTY_FILTER_OPTIONS } from './filter-options.ts';

describe('filter options', () => {
  it('removes empty and non-string entries', () => {
    const options = cleanFilterOptions({
      countries: ['Spain', '', null, 3, 'France'],
      cities: ['Madrid', ' '],
      citiesByCountry: { Spain: ['Madrid', 7], '': ['x'] },
      categories: ['Technology'],
      price_ranges: 'not a list',
    });
    expect(options).toEqual({
      countries: ['Spain', 'France'],
      cities: ['Madrid'],
      citiesByCountry: { Spain: ['Madrid'] },
      categories: ['Technology'],
      price_ranges: [],
    });
  });

  it('reads an empty fallback answer as empty lists', () => {
    expect(cleanFilterOptions(null)).toEqual(EMPTY_FILTER_OPTIONS);
  });

  it("limits cities to the chosen country and offers all of them for 'all'", () => {
    const options = cleanFilterOptions({
      cities: ['Madrid', 'Paris'],
      citiesByCountry: { Spain: ['Madrid'], France: ['Paris'] },
    });
    expect(citiesFor(options, 'France')).toEqual(['Paris']);
    expect(citiesFor(options, 'all')).toEqual(['Madrid', 'Paris']);
    expect(citiesFor(options, 'Peru')).toEqual([]);
  });

  it('lists a city once when sources spell it with and without accents, showing the accented name (issue 17)', () => {
    const options = cleanFilterOptions({
      cities: ['Sao Paulo', 'Lima', 'São Paulo', 'sao paulo'],
      citiesByCountry: { Brazil: ['Sao Paulo', 'São Paulo', 'Rio de Janeiro'] },
    });
    expect(options.cities).toEqual(['São Paulo', 'Lima']);
    expect(citiesFor(options, 'Brazil')).toEqual(['São Paulo', 'Rio de Janeiro']);
  });
});
