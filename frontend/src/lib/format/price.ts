/** Price display rules of spec 01 §5. */
export interface PriceFields {
  min_price?: number | string | null;
  max_price?: number | string | null;
  currency?: string | null;
  formatted_price?: string | null;
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

/** Whole amounts print without decimals, others with two (25 -> "25", 25.5 -> "25.50"). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function formatPrice(fields: PriceFields): string {
  const supplied = fields.formatted_price?.trim();
  if (supplied) return supplied;

  const currency = fields.currency?.trim() || DEFAULT_CURRENCY;
  const min = parsePrice(fields.min_price);
  const max = parsePrice(fields.max_price);

  if (min === undefined && max === undefined) return 'Price TBA';
  if ((min === 0 && (max === undefined || max === 0)) || (min === undefined && max === 0)) return 'Free';
  if (min !== undefined && max !== undefined) {
    return min === max
      ? `${currency} ${formatAmount(min)}`
      : `${currency} ${formatAmount(min)} - ${formatAmount(max)}`;
  }
  if (min !== undefined) return `From ${currency} ${formatAmount(min)}`;
  // Only max is left here: the both-missing case returned above.
  return `Up to ${currency} ${formatAmount(max ?? 0)}`;
}
