import { priceParam } from './query-params.ts';

/** The price control's short text: '$10 - $50', 'From $10', 'Up to $50', or undefined when no valid price is set. */
export function priceSummary(min: string, max: string): string | undefined {
  const low = priceParam(min);
  const high = priceParam(max);
  if (low !== undefined && high !== undefined) return `$${low} - $${high}`;
  if (low !== undefined) return `From $${low}`;
  if (high !== undefined) return `Up to $${high}`;
  return undefined;
}
