import { describe, expect, it } from 'vitest';
import { cityName, countryCode, countryName } from './place-names.ts';

describe('place names', () => {
  it.each([
    ['US', 'United States'],
    ['us', 'United States'],
    ['United States Of America', 'United States'],
    ['USA', 'United States'],
    ['Great Britain', 'United Kingdom'],
    ['  Spain ', 'Spain'],
    ['Czech Republic', 'Czechia'],
  ])('spells country %j as %j', (input, expected) => {
    expect(countryName(input)).toBe(expected);
  });

  it('keeps an unknown country name, trimmed', () => {
    expect(countryName('  Atlantis  ')).toBe('Atlantis');
    expect(countryCode('Atlantis')).toBeNull();
  });

  it('title-cases shouting or lower-case cities and leaves mixed case alone', () => {
    expect(cityName('NEW  YORK')).toBe('New York');
    expect(cityName('san sebastián')).toBe('San Sebastián');
    expect(cityName('McAllen')).toBe('McAllen');
    expect(cityName('   ')).toBeNull();
  });
});
