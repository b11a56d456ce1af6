import { describe, expect, it } from 'vitest';
import { formatPrice, formatUsd, parsePrice, priceDisplay } from './price.ts';

describe('price display (spec 01 §5)', () => {
  it('uses a non-empty formatted_price as given', () => {
    expect(formatPrice({ formatted_price: 'EUR 10 - 20', min_price: 1, max_price: 2 })).toBe('EUR 10 - 20');
  });

  it('ignores a blank formatted_price', () => {
    expect(formatPrice({ formatted_price: '   ', min_price: 15, max_price: 15 })).toBe('$15');
  });

  it('says Price TBA when neither price is valid', () => {
    expect(formatPrice({})).toBe('Price TBA');
    expect(formatPrice({ min_price: null, max_price: undefined })).toBe('Price TBA');
    expect(formatPrice({ min_price: -5, max_price: 'none' })).toBe('Price TBA');
    expect(formatPrice({ min_price: '', max_price: 'undefined' })).toBe('Price TBA');
    expect(formatPrice({ min_price: 'null', max_price: 'abc' })).toBe('Price TBA');
  });

  it('says Free for min 0 with max 0 or missing, or for only max 0, in any currency', () => {
    expect(formatPrice({ min_price: 0, max_price: 0 })).toBe('Free');
    expect(formatPrice({ min_price: 0 })).toBe('Free');
    expect(formatPrice({ min_price: 0, max_price: 'none' })).toBe('Free');
    expect(formatPrice({ max_price: 0, currency: 'JPY', usd_rate: 0.0067 })).toBe('Free');
  });

  it('shows one price when min equals max', () => {
    expect(formatPrice({ min_price: 25, max_price: 25 })).toBe('$25');
    expect(formatPrice({ min_price: 25, max_price: 25, currency: 'EUR', usd_rate: 1.08 })).toBe('$27 (EUR 25)');
  });

  it('shows a range with the same decimals at both ends', () => {
    expect(formatPrice({ min_price: 10, max_price: 49.5 })).toBe('$10.00 - $49.50');
    expect(formatPrice({ min_price: 0, max_price: 30 })).toBe('$0 - $30');
    expect(formatPrice({ min_price: 18.5, max_price: 37, currency: 'EUR' })).toBe('EUR 18.50 - 37.00');
  });

  it('shows From for only a minimum and Up to for only a maximum', () => {
    expect(formatPrice({ min_price: 12 })).toBe('From $12');
    expect(formatPrice({ max_price: 80, currency: 'GBP', usd_rate: 1.27 })).toBe('Up to $102 (GBP 80)');
  });

  it('defaults the currency to USD and reads numeric strings', () => {
    expect(formatPrice({ min_price: '5', max_price: '9', currency: '' })).toBe('$5 - $9');
  });

  it('treats the invalid words case-insensitively', () => {
    expect(parsePrice('NULL')).toBeUndefined();
    expect(parsePrice(' None ')).toBeUndefined();
    expect(parsePrice('0')).toBe(0);
  });
});

describe('prices in USD first, the seller currency beside', () => {
  it("converts with the server's rate and keeps the seller's amounts", () => {
    expect(priceDisplay({ min_price: 180, max_price: 390, currency: 'BRL', usd_rate: 0.18 })).toEqual({
      text: '$32 - $70 (BRL 180 - 390)',
      main: '$32 - $70',
      local: 'BRL 180 - 390',
      conversion: 'Converted from BRL',
    });
  });

  it("says which day's rates a converted amount comes from, and nothing for dollars", () => {
    expect(
      priceDisplay({ min_price: 180, currency: 'BRL', usd_rate: 0.18, usd_rate_date: '2026-11-27' }).conversion,
    ).toBe('Converted from BRL at the rates of 2026-11-27');
    expect(
      priceDisplay({ min_price: 25, currency: 'USD', usd_rate: 1, usd_rate_date: '2026-11-27' }).conversion,
    ).toBeUndefined();
    expect(priceDisplay({ min_price: 25, currency: 'XYZ', usd_rate: null }).conversion).toBeUndefined();
  });

  it('groups thousands on both sides', () => {
    expect(formatPrice({ min_price: 13881, currency: 'JPY', usd_rate: 0.0067 })).toBe('From $93 (JPY 13,881)');
    expect(formatPrice({ min_price: 1250, max_price: 4800 })).toBe('$1,250 - $4,800');
    expect(formatPrice({ min_price: 1500000, currency: 'KRW', usd_rate: 0.00072 })).toBe('From $1,080 (KRW 1,500,000)');
  });

  it('rounds converted dollars to whole ones, keeping cents for small amounts', () => {
    expect(formatPrice({ min_price: 33, max_price: 70, currency: 'BRL', usd_rate: 0.18 })).toBe(
      '$5.94 - $12.60 (BRL 33 - 70)',
    );
    expect(formatPrice({ min_price: 20.5, max_price: 40, currency: 'EUR', usd_rate: 1.08 })).toBe(
      '$22 - $43 (EUR 20.50 - 40.00)',
    );
  });

  it('shows one converted price when both ends round to the same dollars', () => {
    expect(formatPrice({ min_price: 2000, max_price: 2010, currency: 'JPY', usd_rate: 0.0067 })).toBe(
      '$13 (JPY 2,000 - 2,010)',
    );
  });

  it("keeps the currency's own decimals (none for yen)", () => {
    expect(formatPrice({ min_price: 1000.5, currency: 'JPY', usd_rate: 0.0067 })).toBe('From $6.70 (JPY 1,001)');
  });

  it('shows an unknown currency as given, without a dollar amount', () => {
    expect(priceDisplay({ min_price: 20, max_price: 45, currency: 'XYZ', usd_rate: null })).toEqual({
      text: 'XYZ 20 - 45',
      main: 'XYZ 20 - 45',
    });
    expect(formatPrice({ min_price: 20, currency: 'xyz' })).toBe('From XYZ 20');
    expect(formatPrice({ min_price: 20, currency: 'EUR', usd_rate: 0 })).toBe('From EUR 20');
  });

  it('writes one USD amount for summaries', () => {
    expect(formatUsd(39)).toBe('$39');
    expect(formatUsd(1250)).toBe('$1,250');
    expect(formatUsd(21.6)).toBe('$21.60');
    expect(formatUsd(21.6, true)).toBe('$22');
    expect(formatUsd(5.94, true)).toBe('$5.94');
  });
});
