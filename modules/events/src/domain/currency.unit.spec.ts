import { describe, expect, it } from 'vitest';
import { toUsd, usdPriceRange, usdRate } from './currency.ts';

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

  it('given a currency code in any case, then its rate is the one conversions use, and none when unknown', () => {
    expect(usdRate(' jpy ')).toBe(0.0067);
    expect(usdRate('USD')).toBe(1);
    expect(usdRate('XYZ')).toBeNull();
  });
});
