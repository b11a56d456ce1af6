import { describe, expect, it } from 'vitest';
import { priceText } from './price-text.ts';

describe('price text (spec 01 §5)', () => {
  it.each([
    [{ min: null, max: null }, 'Price TBA'],
    [{ min: 'none', max: 'undefined' }, 'Price TBA'],
    [{ min: -5, max: '' }, 'Price TBA'],
    [{ min: 0, max: 0 }, 'Free'],
    [{ min: 0, max: null }, 'Free'],
    [{ min: null, max: 0 }, 'Free'],
    [{ min: 25, max: 25 }, 'USD 25'],
    [{ min: 20, max: 45.5, currency: 'EUR' }, 'EUR 20 - 45.50'],
    [{ min: 0, max: 30 }, 'USD 0 - 30'],
    [{ min: 15, max: null, currency: 'GBP' }, 'From GBP 15'],
    [{ min: null, max: 99 }, 'Up to USD 99'],
    [{ min: '12', max: 'null' }, 'From USD 12'],
  ])('given %j, then %s', (input, expected) => {
    expect(priceText(input)).toBe(expected);
  });

  it('given a non-empty formatted_price, then it wins', () => {
    expect(priceText({ min: 1, max: 2, formatted: ' €1-€2 ' })).toBe('€1-€2');
    expect(priceText({ min: 1, max: 2, formatted: '  ' })).toBe('USD 1 - 2');
  });
});
