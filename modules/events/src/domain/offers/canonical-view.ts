/**
 * The canonical event as visitors see it: a record with its group's merged fields laid over its own and its
 * price taken from the cheapest offer, so the price at the top of a card or page is always the cheapest. Its
 * source, ids and links stay the record's own (identity); the buy flow of each seller runs from `offers`.
 * Used by the search projection and by the detail read alike, so both agree.
 */
import type { Offer } from '../../contracts/offer.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { byCheapest, toOffer, type OfferSource } from './offer.ts';

/** Listed in search: live, and not linked into another event (linked records are offers of it). */
export const isListed = (event: StoredEvent): boolean => event.status === 'active' && !event.canonical_id;

/** The offers of an event, cheapest first: its group's, or its own alone. */
export const offersOf = (event: OfferSource & Partial<Pick<StoredEvent, 'offers'>>): Offer[] =>
  event.offers && event.offers.length > 0 ? [...event.offers].sort(byCheapest) : [toOffer(event)];

export function withCanonicalFields(event: StoredEvent): StoredEvent {
  if (!event.merged || !event.offers || event.offers.length < 2) return event;
  const merged = event.merged;
  const cheapest = offersOf(event)[0];
  return {
    ...event,
    description: merged.description ?? event.description,
    image_url: merged.image_url ?? event.image_url,
    tags: merged.tags,
    highlights: merged.highlights,
    faq: merged.faq,
    organizer: merged.organizer ?? event.organizer,
    address: merged.address ?? event.address,
    timezone: merged.timezone ?? event.timezone,
    end_utc: merged.end_utc ?? event.end_utc,
    on_sale_utc: merged.on_sale_utc ?? event.on_sale_utc ?? null,
    latitude: merged.latitude ?? event.latitude,
    longitude: merged.latitude !== null ? merged.longitude : event.longitude,
    ...(cheapest
      ? {
          min_price: cheapest.min_price,
          max_price: cheapest.max_price,
          currency: cheapest.currency,
          formatted_price: cheapest.formatted_price,
        }
      : {}),
  };
}
