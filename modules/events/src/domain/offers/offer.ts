/** A stored record seen as an offer of its canonical event, and the order offers are shown in. */
import type { Offer } from '../../contracts/offer.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { usdPriceRange, type RateTable } from '../currency.ts';

const SELLER_NAMES: Readonly<Record<string, string>> = { ticketmaster: 'Ticketmaster', fever: 'Fever' };

/** The name a visitor knows the seller by: the program's brand, else the organizer, else the source. */
export function sellerName(event: Pick<StoredEvent, 'source' | 'organizer'>): string {
  const known = SELLER_NAMES[event.source.toLowerCase()];
  if (known) return known;
  if (event.organizer) return event.organizer;
  return event.source.charAt(0).toUpperCase() + event.source.slice(1);
}

/** The fields an event's own offer is made of (a list card reads just these and `offers`; decision 024). */
export type OfferSource = Pick<
  StoredEvent,
  | 'id'
  | 'source'
  | 'external_id'
  | 'organizer'
  | 'min_price'
  | 'max_price'
  | 'currency'
  | 'formatted_price'
  | 'purchase_url'
  | 'affiliate_url'
  | 'original_url'
>;

export function toOffer(event: OfferSource): Offer {
  const usd = usdPriceRange(event.min_price, event.max_price, event.currency);
  return {
    event_id: event.id,
    source: event.source,
    external_id: event.external_id,
    seller: sellerName(event),
    min_price: event.min_price,
    max_price: event.max_price,
    currency: event.currency,
    formatted_price: event.formatted_price,
    price_usd_min: usd.min,
    price_usd_max: usd.max,
    availability: null,
    purchase_url: event.purchase_url,
    affiliate_url: event.affiliate_url,
    original_url: event.original_url,
  };
}

/** The offer with its USD prices converted again with `rates` (the table in effect where it is projected). */
export function offerInUsd(offer: Offer, rates: RateTable): Offer {
  const usd = usdPriceRange(offer.min_price, offer.max_price, offer.currency, rates);
  return { ...offer, price_usd_min: usd.min, price_usd_max: usd.max };
}

/** Cheapest first by the lowest USD price; offers without a comparable price last; ties by record id. */
export function byCheapest(a: Offer, b: Offer): number {
  const left = a.price_usd_min ?? Number.POSITIVE_INFINITY;
  const right = b.price_usd_min ?? Number.POSITIVE_INFINITY;
  if (left !== right) return left < right ? -1 : 1;
  return Number(a.event_id) - Number(b.event_id);
}

/** The USD range over every offer: its bottom is the cheapest offer, so a price filter never hides one. */
export function offersUsdRange(offers: Offer[]): { min: number | null; max: number | null } {
  const mins = offers.map((offer) => offer.price_usd_min).filter((value): value is number => value !== null);
  const maxes = offers.map((offer) => offer.price_usd_max).filter((value): value is number => value !== null);
  return { min: mins.length ? Math.min(...mins) : null, max: maxes.length ? Math.max(...maxes) : null };
}
