import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice } from './price.ts';

describe('price display (spec 01 §5)', () => {
  it('uses a non-empty formatted_price as given', () => {
    expect(formatPrice({ formatted_price: 'EUR 10 - 20', min_price: 1, max_price: 2 })).toBe('EUR 10 - 20');
  });

  it('ignores a blank formatted_price', () => {
    expect(formatPrice({ formatted_price: '   ', min_price: 15, max_price: 15 })).toBe('USD 15');
  });

  it('says Price TBA when neither price is valid', () => {
    expect(formatPrice({})).toBe('Price TBA');
    expect(formatPrice({ min_price: null, max_price: undefined })).toBe('Price TBA');
    expect(formatPrice({ min_price: -5, max_price: 'none' })).toBe('Price TBA');
    expect(formatPrice({ min_price: '', max_price: 'undefined' })).toBe('Price TBA');
    expect(formatPrice({ min_price: 'null', max_price: 'abc' })).toBe('Price TBA');
  });

  it('says Free for min 0 with max 0 or missing, or for only max 0', () => {
    expect(formatPrice({ min_price: 0, max_price: 0 })).toBe('Free');
    expect(formatPrice({ min_price: 0 })).toBe('Free');
    expect(formatPrice({ min_price: 0, max_price: 'none' })).toBe('Free');
    expect(formatPrice({ max_price: 0 })).toBe('Free');
  });

  it('shows one price when min equals max', () => {
    expect(formatPrice({ min_price: 25, max_price: 25, currency: 'EUR' })).toBe('EUR 25');
  });

  it('shows a range when both are valid', () => {
    expect(formatPrice({ min_price: 10, max_price: 49.5 })).toBe('USD 10 - 49.50');
    expect(formatPrice({ min_price: 0, max_price: 30 })).toBe('USD 0 - 30');
  });

  it('shows From for only a minimum and Up to for only a maximum', () => {
    expect(formatPrice({ min_price: 12 })).toBe('From USD 12');
    expect(formatPrice({ max_price: 80, currency: 'GBP' })).toBe('Up to GBP 80');
  });

  it('defaults the currency to USD and reads numeric strings', () => {
    expect(formatPrice({ min_price: '5', max_price: '9', currency: '' })).toBe('USD 5 - 9');
  });

  it('treats the invalid words case-insensitively', () => {
    expect(parsePrice('NULL')).toBeUndefined();
    expect(parsePrice(' None ')).toBeUndefined();
    expect(parsePrice('0')).toBe(0);
  });
});
