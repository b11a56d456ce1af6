/** Price display rules of spec 01 §5; a supplied non-empty formatted_price wins. */

const INVALID_STRINGS = new Set(['', 'null', 'none', 'undefined']);

function validPrice(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (INVALID_STRINGS.has(value.trim().toLowerCase())) return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
  }
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function amount(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function priceText(args: {
  min: unknown;
  max: unknown;
  currency?: string | null;
  formatted?: string | null;
}): string {
  if (args.formatted && args.formatted.trim() !== '') return args.formatted.trim();
  const currency = args.currency?.trim() || 'USD';
  const min = validPrice(args.min);
  const max = validPrice(args.max);
  if (min === null && max === null) return 'Price TBA';
  if ((min === 0 && (max === 0 || max === null)) || (min === null && max === 0)) return 'Free';
  if (min !== null && max !== null) {
    return min === max ? `${currency} ${amount(min)}` : `${currency} ${amount(min)} - ${amount(max)}`;
  }
  if (min !== null) return `From ${currency} ${amount(min)}`;
  return `Up to ${currency} ${amount(max as number)}`;
}
