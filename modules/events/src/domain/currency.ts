/**
 * Price filters compare in USD and visitors read prices in USD first (spec 01 §1: prices shown in USD by
 * default). Sources quote in their own currency, so the module keeps a USD equivalent beside each price and
 * hands the rate it used, with the rates' date, to the visitor side, which shows both. Rates come in dated
 * tables (USD per one unit): the bundled one below (mid-market, rounded, reviewed 2026-11) until a worker has
 * stored a fresher one from the configured feed (docs/decisions/026-prices-in-usd-first.md). An unknown
 * currency has no USD equivalent, so such an event is not matched by a price filter rather than matched wrongly.
 */

/** A dated table of USD per one unit of each currency it knows (`USD` is always 1). */
export interface RateTable {
  /** The day the rates are of (YYYY-MM-DD). */
  date: string;
  usdPerUnit: Readonly<Record<string, number>>;
}

export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CHF: 1.13,
  CAD: 0.73,
  AUD: 0.66,
  NZD: 0.6,
  JPY: 0.0067,
  CNY: 0.14,
  HKD: 0.128,
  SGD: 0.75,
  KRW: 0.00072,
  INR: 0.012,
  AED: 0.272,
  SEK: 0.095,
  NOK: 0.093,
  DKK: 0.145,
  PLN: 0.25,
  CZK: 0.043,
  HUF: 0.0027,
  TRY: 0.029,
  BRL: 0.18,
  MXN: 0.055,
  ARS: 0.001,
  CLP: 0.00105,
  COP: 0.00025,
  ZAR: 0.055,
  THB: 0.029,
  ILS: 0.27,
};

/** The embedded default and the fallback whenever no fetched table is stored or readable. */
export const BUNDLED_RATES: RateTable = { date: '2026-11-01', usdPerUnit: USD_PER_UNIT };

/** USD per one unit of a currency, or null when the table does not know it (its prices are shown as given). */
export function usdRate(currency: string, table: RateTable = BUNDLED_RATES): number | null {
  return table.usdPerUnit[currency.trim().toUpperCase()] ?? null;
}

export function toUsd(
  amount: number | null | undefined,
  currency: string,
  table: RateTable = BUNDLED_RATES,
): number | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount < 0) return null;
  const rate = usdRate(currency, table);
  if (rate === null) return null;
  return Math.round(amount * rate * 100) / 100;
}

/** The USD range used by price filters: a lone bound stands for both ends. */
export function usdPriceRange(
  min: number | null,
  max: number | null,
  currency: string,
  table: RateTable = BUNDLED_RATES,
): { min: number | null; max: number | null } {
  const low = toUsd(min ?? max, currency, table);
  const high = toUsd(max ?? min, currency, table);
  return { min: low, max: high };
}

/** The rates of just these currencies, as an index document keeps them beside its USD prices. */
export function ratesFor(currencies: Iterable<string>, table: RateTable): RateTable {
  const usdPerUnit: Record<string, number> = {};
  for (const currency of currencies) {
    const code = currency.trim().toUpperCase() || 'USD';
    const rate = table.usdPerUnit[code];
    if (rate !== undefined) usdPerUnit[code] = rate;
  }
  return { date: table.date, usdPerUnit };
}
