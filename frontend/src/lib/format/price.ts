/**
 * Price display: the rules of spec 01 §5 (Price TBA, Free, one price, a range, From, Up to), with the amount in
 * US dollars first (spec 01 §1: prices are shown in USD by default) and the seller's own currency beside it,
 * "$33 - $70 (BRL 180 - 390)". The dollars come from the rate the server's price filter converts with
 * (`usd_rate`), so a card under a "$10 - $50" filter reads in the filter's unit. A currency without a known
 * rate is shown as the seller gave it. Every price shown on the visitor side goes through `priceDisplay`.
 */
export interface PriceFields {
  min_price?: number | string | null;
  max_price?: number | string | null;
  currency?: string | null;
  /** USD per one unit of `currency`; null or absent when the rate is unknown. */
  usd_rate?: number | null;
  /** The day of the rates `usd_rate` comes from (YYYY-MM-DD). */
  usd_rate_date?: string | null;
  formatted_price?: string | null;
}

export interface PriceDisplay {
  /** The whole price as one line of text. */
  text: string;
  /** The lead part: the USD amount, or the whole text when there is no conversion to show. */
  main: string;
  /** The seller's own currency, shown beside the USD amount; absent for USD prices and unconverted ones. */
  local?: string;
  /** How the USD amount was reached, for a tooltip ("Converted from BRL at the rates of 2026-11-27"). */
  conversion?: string;
}

export const DEFAULT_CURRENCY = 'USD';

const INVALID_PRICE_WORDS = new Set(['', 'null', 'none', 'undefined']);

/** A price is valid when it is a non-negative finite number; the words empty, null, none and undefined are not. */
export function parsePrice(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && INVALID_PRICE_WORDS.has(value.trim().toLowerCase())) return undefined;
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/** Grouped ("13,881") with exactly `decimals` decimals. */
function grouped(amount: number, decimals: number): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(amount);
}

const minorDigits = new Map<string, number>();

/** The currency's own decimals (JPY 0, EUR 2); 2 for a code the runtime does not know. */
function currencyDecimals(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorDigits.set(currency, digits);
  }
  return digits;
}

const hasCents = (amount: number) => Math.round(amount * 100) % 100 !== 0;

/** One price's decimals, the same for both ends: whole when every amount is whole, else the currency's own. */
function sellerDecimals(amounts: number[], currency: string): number {
  return amounts.some(hasCents) ? currencyDecimals(currency) : 0;
}

/**
 * Converted dollars are an estimate: whole dollars, except that cents are kept (for both ends) when the lower
 * amount is under $10 and has some, where a rounded dollar would change the price noticeably.
 */
function convertedDecimals(amounts: number[]): number {
  const lowest = Math.min(...amounts);
  return lowest < 10 && amounts.some(hasCents) ? 2 : 0;
}

type Bounds = { min?: number; max?: number };

/**
 * The spec's shapes around formatted amounts: one price, "a - b", "From a", "Up to b". Beside the dollars a
 * lone bound goes without its word, which the dollars already say.
 */
function shape({ min, max }: Bounds, amount: (value: number) => string, prefix: string, words = true): string {
  if (min !== undefined && max !== undefined) {
    const [low, high] = [amount(min), amount(max)];
    // Ends that read the same once rounded are one price.
    return low === high ? `${prefix}${low}` : `${prefix}${low} - ${high}`;
  }
  const lone = `${prefix}${amount(min ?? max ?? 0)}`;
  if (!words) return lone;
  return min !== undefined ? `From ${lone}` : `Up to ${lone}`;
}

const present = (bounds: Bounds): number[] =>
  [bounds.min, bounds.max].filter((value): value is number => value !== undefined);

/** "$33 - $70": each end carries the sign, as the price filter's chips do. */
function usdText(bounds: Bounds, decimals: number): string {
  return shape(bounds, (value) => `$${grouped(value, decimals)}`, '');
}

/** "BRL 180 - 390": the code once, as spec 01 §5 writes a seller's price. */
function sellerText(bounds: Bounds, currency: string, words: boolean): string {
  const decimals = sellerDecimals(present(bounds), currency);
  return shape(bounds, (value) => grouped(value, decimals), `${currency} `, words);
}

const validRate = (rate: number | null | undefined): number | undefined =>
  typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;

export function priceDisplay(fields: PriceFields): PriceDisplay {
  const plain = (text: string): PriceDisplay => ({ text, main: text });
  const supplied = fields.formatted_price?.trim();
  if (supplied) return plain(supplied);

  const currency = fields.currency?.trim().toUpperCase() || DEFAULT_CURRENCY;
  const min = parsePrice(fields.min_price);
  const max = parsePrice(fields.max_price);
  if (min === undefined && max === undefined) return plain('Price TBA');
  if ((min === 0 && (max === undefined || max === 0)) || (min === undefined && max === 0)) return plain('Free');
  const bounds: Bounds = { min, max };

  if (currency === DEFAULT_CURRENCY) return plain(usdText(bounds, sellerDecimals(present(bounds), currency)));
  const rate = validRate(fields.usd_rate);
  if (rate === undefined) return plain(sellerText(bounds, currency, true));
  const local = sellerText(bounds, currency, false);

  const toUsd = (value: number | undefined) => (value === undefined ? undefined : value * rate);
  const dollars: Bounds = { min: toUsd(min), max: toUsd(max) };
  const main = usdText(dollars, convertedDecimals(present(dollars)));
  const day = fields.usd_rate_date?.trim();
  const conversion = day ? `Converted from ${currency} at the rates of ${day}` : `Converted from ${currency}`;
  return { text: `${main} (${local})`, main, local, conversion };
}

export function formatPrice(fields: PriceFields): string {
  return priceDisplay(fields).text;
}

/**
 * One USD amount as prices show it, for summaries such as "from $39 · 2 sellers": `converted` when it was
 * converted from a seller's currency, which rounds it as the price beside it is rounded.
 */
export function formatUsd(amount: number, converted = false): string {
  const decimals = converted ? convertedDecimals([amount]) : sellerDecimals([amount], DEFAULT_CURRENCY);
  return `$${grouped(amount, decimals)}`;
}
