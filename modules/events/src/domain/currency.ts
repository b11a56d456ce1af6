/**
 * Price filters compare in USD and visitors read prices in USD first (spec 01 §1: prices shown in USD by
 * default). Sources quote in their own currency, so the module keeps a USD equivalent beside each price and
 * hands the rate it used to the visitor side, which shows both. Rates are a static table (USD per one unit,
 * mid-market, rounded, reviewed 2026-11): filtering needs stable, explainable buckets, not live FX;
 * see docs/decisions/006-events-price-and-popularity.md. An unknown currency has no USD equivalent, so such an
 * event is not matched by a price filter rather than matched wrongly.
 */
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

/** USD per one unit of a currency, or null when the table does not know it (its prices are shown as given). */
export function usdRate(currency: string): number | null {
  return USD_PER_UNIT[currency.trim().toUpperCase()] ?? null;
}

export function toUsd(amount: number | null | undefined, currency: string): number | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount < 0) return null;
  const rate = usdRate(currency);
  if (rate === null) return null;
  return Math.round(amount * rate * 100) / 100;
}

/** The USD range used by price filters: a lone bound stands for both ends. */
export function usdPriceRange(min: number | null, max: number | null, currency: string): { min: number | null; max: number | null } {
  const low = toUsd(min ?? max, currency);
  const high = toUsd(max ?? min, currency);
  return { min: low, max: high };
}
