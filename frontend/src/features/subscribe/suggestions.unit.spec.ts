import { describe, expect, it } from 'vitest';
import { suggest, suggestCities, suggestCountries } from './suggestions.ts';

describe('suggestions', () => {
  it('lists prefix matches before contains matches, case-insensitively', () => {
    expect(suggest(['Armenia', 'Germany', 'Argentina', 'Romania'], 'AR', 10)).toEqual(['Armenia', 'Argentina']);
    expect(suggest(['Romania', 'Germany', 'Mali'], 'ma', 10)).toEqual(['Mali', 'Romania', 'Germany']);
  });

  it('offers at most 8 countries', () => {
    const countries = Array.from({ length: 20 }, (_, index) => `Land ${index}`);
    expect(suggestCountries(countries, 'land')).toHaveLength(8);
  });

  it('offers at most 10 cities', () => {
    const cities = Array.from({ length: 20 }, (_, index) => `City ${index}`);
    expect(suggestCities({}, cities, '', 'city')).toHaveLength(10);
  });

  it('limits cities to the chosen country, matching its name in any case', () => {
    const byCountry = { Spain: ['Madrid', 'Malaga'], Italy: ['Milan'] };
    expect(suggestCities(byCountry, ['Madrid', 'Malaga', 'Milan'], 'spain', 'm')).toEqual(['Madrid', 'Malaga']);
  });

  it('offers every city while the country is empty or unknown', () => {
    expect(suggestCities({ Spain: ['Madrid'] }, ['Madrid', 'Milan'], 'Atlantis', 'mi')).toEqual(['Milan']);
  });
});
