import { describe, expect, it } from 'vitest';
import { citiesFor, toPlaceOptions } from './place-options.ts';

const options = toPlaceOptions({
  countries: ['Germany', 'Portugal', 7],
  cities: ['Berlin', 'Hamburg', 'Lisbon', ''],
  citiesByCountry: { Germany: ['Berlin', 'Hamburg'], Portugal: ['Lisbon', null] },
});

describe("the catalogue's places offered to an admin", () => {
  it('keeps only names', () => {
    expect(options).toEqual({
      countries: ['Germany', 'Portugal'],
      cities: ['Berlin', 'Hamburg', 'Lisbon'],
      citiesByCountry: { Germany: ['Berlin', 'Hamburg'], Portugal: ['Lisbon'] },
    });
    expect(toPlaceOptions(null)).toEqual({ countries: [], cities: [], citiesByCountry: {} });
  });

  it("suggests the typed country's cities, case aside, or every city for a country it does not know", () => {
    expect(citiesFor(options, ' germany ')).toEqual(['Berlin', 'Hamburg']);
    expect(citiesFor(options, 'Atlantis')).toEqual(['Berlin', 'Hamburg', 'Lisbon']);
  });
});
