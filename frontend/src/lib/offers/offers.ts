/**
 * Offers on the visitor side: the "from USD x · N sellers" summary and the event each offer's buy
 * flow runs with. An offer is bought exactly like an event of its own source (spec 01 §7): its source picks
 * the tracking-link endpoint, its own ids and links feed it and its fallbacks.
 */
import type { VisitorEvent, VisitorOffer } from '../format/event.ts';

const usd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Offers of an event, cheapest first as the API sends them; empty when it sent none. */
export const offersOf = (event: Pick<VisitorEvent, 'offers'>): readonly VisitorOffer[] => event.offers ?? [];

/** "from USD 39 · 2 sellers" for an event with several sellers; undefined for one seller. */
export function sellersSummary(event: Pick<VisitorEvent, 'offers' | 'offer_count' | 'price_from_usd'>): string | undefined {
  const count = event.offer_count ?? offersOf(event).length;
  if (count < 2) return undefined;
  const from = typeof event.price_from_usd === 'number' ? `from USD ${usd.format(event.price_from_usd)} · ` : '';
  return `${from}${count} sellers`;
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
    formatted_price: offer.price_text ?? null,
  };
}

/** What the main Buy Tickets button buys: the cheapest offer when there are several, else the event itself. */
export function cheapestPurchase(event: VisitorEvent): VisitorEvent {
  const [cheapest, second] = offersOf(event);
  return cheapest && second ? eventForOffer(event, cheapest) : event;
}
