import { describe, expect, it } from 'vitest';
import { toUsd, usdPriceRange } from './currency.ts';

describe('USD conversion for price filters', () => {
  it('given euros, then the static rate converts to cents', () => {
    expect(toUsd(100, 'eur')).toBe(108);
  });

  it('given an unknown currency or no price, then there is no USD value', () => {
    expect(toUsd(10, 'XYZ')).toBeNull();
    expect(toUsd(null, 'USD')).toBeNull();
    expect(toUsd(-1, 'USD')).toBeNull();
  });

  it('given only one bound, then it stands for both ends of the range', () => {
    expect(usdPriceRange(20, null, 'USD')).toEqual({ min: 20, max: 20 });
    expect(usdPriceRange(null, 50, 'GBP')).toEqual({ min: 63.5, max: 63.5 });
  });
});
