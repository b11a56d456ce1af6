/**
 * Offers on the visitor side: the "from $x · N sellers" summary and the event each offer's buy
 * flow runs with. An offer is bought exactly like an event of its own source (spec 01 §7): its source picks
 * the tracking-link endpoint, its own ids and links feed it and its fallbacks.
 */
import type { VisitorEvent, VisitorOffer } from '../format/event.ts';
import { formatUsd, type PriceFields } from '../format/price.ts';

/** The cheapest price (the event's own, as the API lays it over) came in another currency than dollars. */
const isConverted = (event: Pick<VisitorEvent, 'currency'>) =>
  (event.currency?.trim().toUpperCase() || 'USD') !== 'USD';

/** Offers of an event, cheapest first as the API sends them; empty when it sent none. */
export const offersOf = (event: Pick<VisitorEvent, 'offers'>): readonly VisitorOffer[] => event.offers ?? [];

/** "from $39 · 2 sellers" for an event with several sellers; undefined for one seller. */
export function sellersSummary(
  event: Pick<VisitorEvent, 'offers' | 'offer_count' | 'price_from_usd' | 'currency'>,
): string | undefined {
  const count = event.offer_count ?? offersOf(event).length;
  if (count < 2) return undefined;
  const from =
    typeof event.price_from_usd === 'number' ? `from ${formatUsd(event.price_from_usd, isConverted(event))} · ` : '';
  return `${from}${count} sellers`;
}

/**
 * An offer's price for display: its amounts with their currency and rate, shown in USD first like every other
 * price; an offer that has no amounts keeps the seller's own text (a source's formatted price) or Price TBA.
 */
export function offerPrice(offer: VisitorOffer): PriceFields {
  const amounts = [offer.min_price, offer.max_price].some((amount) => amount !== null && amount !== undefined);
  return amounts
    ? {
        min_price: offer.min_price,
        max_price: offer.max_price,
        currency: offer.currency,
        usd_rate: offer.usd_rate,
        usd_rate_date: offer.usd_rate_date,
      }
    : { formatted_price: offer.price_text };
}

/** The event as one offer's buy flow needs it: the offer's source, ids and links over the event's other fields. */
export function eventForOffer(event: VisitorEvent, offer: VisitorOffer): VisitorEvent {
  return {
    ...event,
    id: offer.id,
    source: offer.source,
    external_id: offer.external_id ?? null,
    purchase_url: offer.purchase_url ?? null,
    affiliate_url: offer.affiliate_url ?? null,
    original_url: offer.original_url ?? null,
    min_price: offer.min_price ?? null,
    max_price: offer.max_price ?? null,
    currency: offer.currency ?? null,
    usd_rate: offer.usd_rate ?? null,
    usd_rate_date: offer.usd_rate_date ?? null,
    formatted_price: offerPrice(offer).formatted_price ?? null,
  };
}

/** What the main Buy Tickets button buys: the cheapest offer when there are several, else the event itself. */
export function cheapestPurchase(event: VisitorEvent): VisitorEvent {
  const [cheapest, second] = offersOf(event);
  return cheapest && second ? eventForOffer(event, cheapest) : event;
}
