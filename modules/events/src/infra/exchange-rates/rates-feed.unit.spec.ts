import { describe, expect, it } from 'vitest';
import { parseRatesFeed, RatesFeedRefused } from './rates-feed.ts';

describe('exchange-rate feed format', () => {
  it('turns a euro-based table (the ECB reference rates) into USD per one unit of each currency', () => {
    const table = parseRatesFeed({
      amount: 1,
      base: 'EUR',
      date: '2026-11-27',
      rates: { USD: 1.05, JPY: 157.5, BRL: 6.3 },
    });
    expect(table.date).toBe('2026-11-27');
    expect(table.usdPerUnit).toEqual({ USD: 1, EUR: 1.05, JPY: 0.00666667, BRL: 0.166667 });
  });

  it('takes a dollar-based table as it is, inverted', () => {
    const table = parseRatesFeed({ base: 'USD', date: '2026-11-27', rates: { EUR: 0.8, GBP: 0.5 } });
    expect(table.usdPerUnit).toEqual({ USD: 1, EUR: 1.25, GBP: 2 });
  });

  it.each([
    [
      'a table with no way to dollars',
      { base: 'EUR', date: '2026-11-27', rates: { JPY: 157.5 } },
      /no USD rate for its base EUR/,
    ],
    ['a negative rate', { base: 'EUR', date: '2026-11-27', rates: { USD: -1.05 } }, /rates\.USD/],
    ['a rate that is not a number', { base: 'EUR', date: '2026-11-27', rates: { USD: '1.05' } }, /rates\.USD/],
    ['a currency code that is not one', { base: 'EUR', date: '2026-11-27', rates: { usd: 1.05 } }, /rates/],
    ['a date that is not a day', { base: 'EUR', date: 'yesterday', rates: { USD: 1.05 } }, /date: a YYYY-MM-DD day/],
    ['an empty table', { base: 'USD', date: '2026-11-27', rates: {} }, /rates: no rates/],
    ['an error document', { error: 'quota exceeded' }, /refused/],
  ])('refuses %s, naming why', (_name, body, reason) => {
    expect(() => parseRatesFeed(body)).toThrow(RatesFeedRefused);
    expect(() => parseRatesFeed(body)).toThrow(reason);
  });
});
