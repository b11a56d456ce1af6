/** Maps a stored event to the public answer shapes (spec 01 §3), redacting contacts on the way out. */
import type { Offer } from '../contracts/offer.ts';
import type { CardEvent, MapBasicEvent, PublicEvent, PublicOffer } from '../contracts/public-event.ts';
import type { StoredEvent } from '../contracts/stored-event.ts';
import { redactContacts } from './contact-redaction.ts';
import { roundKm } from './geo.ts';
import { popularityAt } from './popularity.ts';
import { NO_RATING, type EventRating } from './rating.ts';
import { priceText } from './price-text.ts';
import { usdRate } from './currency.ts';
import { isValidTimeZone } from './start-time.ts';
import { offersOf, withCanonicalFields } from './offers/canonical-view.ts';

function toPublicOffer(offer: Offer): PublicOffer {
  return {
    id: Number(offer.event_id),
    source: offer.source,
    external_id: offer.external_id,
    seller: offer.seller,
    min_price: offer.min_price,
    max_price: offer.max_price,
    currency: offer.currency || 'USD',
    usd_rate: usdRate(offer.currency || 'USD'),
    price_text: priceText({ min: offer.min_price, max: offer.max_price, currency: offer.currency, formatted: offer.formatted_price }),
    price_usd_min: offer.price_usd_min,
    price_usd_max: offer.price_usd_max,
    availability: offer.availability,
    purchase_url: offer.purchase_url,
    affiliate_url: offer.affiliate_url,
    original_url: offer.original_url,
  };
}

/**
 * The stored fields a card is made of: `fields=card` reads only these from the index (decision 024). `offers`
 * exists on a group's canonical event only; `organizer` names a lone seller's offer.
 */
export const CARD_SOURCE_FIELDS = [
  'name',
  'unique_title',
  'description',
  'unique_description',
  'category',
  'source',
  'start_utc',
  'timezone',
  'venue_name',
  'city',
  'country',
  'latitude',
  'longitude',
  'min_price',
  'max_price',
  'currency',
  'formatted_price',
  'price_note',
  'image_url',
  'purchase_url',
  'affiliate_url',
  'original_url',
  'external_id',
  'organizer',
  'offers',
] as const satisfies ReadonlyArray<keyof StoredEvent>;

/** An index document read with `CARD_SOURCE_FIELDS` (plus its id). */
export type CardSource = Pick<StoredEvent, 'id' | Exclude<(typeof CARD_SOURCE_FIELDS)[number], 'offers'>> & Partial<Pick<StoredEvent, 'offers'>>;

/** The card fields of an event whose canonical fields are already laid over (index documents are). */
function cardView(event: CardSource, offers: Offer[]): CardEvent {
  return {
    id: Number(event.id),
    name: event.name,
    unique_title: event.unique_title,
    description: redactContacts(event.description),
    unique_description: redactContacts(event.unique_description),
    category: event.category,
    source: event.source,
    date: event.start_utc,
    timezone: event.timezone && isValidTimeZone(event.timezone) ? event.timezone : null,
    venue_name: event.venue_name,
    city: event.city,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
    min_price: event.min_price,
    max_price: event.max_price,
    currency: event.currency || 'USD',
    usd_rate: usdRate(event.currency || 'USD'),
    formatted_price: event.formatted_price,
    price_note: redactContacts(event.price_note),
    image_url: event.image_url,
    purchase_url: event.purchase_url,
    affiliate_url: event.affiliate_url,
    original_url: event.original_url,
    external_id: event.external_id,
    offer_count: offers.length,
    price_from_usd: offers[0]?.price_usd_min ?? null,
  };
}

/** `fields=card`: a list item with the fields a card shows, equal to the same fields of `toPublicEvent`. */
export function toCardEvent(source: CardSource, distanceKm?: number): CardEvent {
  const view = cardView(source, offersOf(source));
  if (distanceKm !== undefined) view.distance_km = roundKm(distanceKm);
  return view;
}

/**
 * Tags that say something about the event: a source's feed may tag its own events with its name ("Fever"), and
 * a merged event unions every seller's tags, so seller and source names are left out; the sellers are listed
 * beside the price instead.
 */
function visibleTags(tags: readonly string[], offers: readonly Pick<Offer, 'source' | 'seller'>[]): string[] {
  const sellers = new Set(offers.flatMap((offer) => [offer.source.toLowerCase(), offer.seller.toLowerCase()]));
  return tags.filter((tag) => !sellers.has(tag.trim().toLowerCase()));
}

/** `rating` comes from the ratings read model (queries attach it); a stored event alone knows none. */
export function toPublicEvent(stored: StoredEvent, now: Date, distanceKm?: number, rating: EventRating = NO_RATING): PublicEvent {
  // A canonical event shows its group's merged fields and its cheapest offer's price.
  const event = withCanonicalFields(stored);
  const offers = offersOf(event);
  // The card's values are copied one by one, in the answer's order: spreading the card into this literal
  // made the mapping many times slower (V8 builds the result in dictionary mode).
  const card = cardView(event, offers);
  const view: PublicEvent = {
    id: card.id,
    slug: event.slug,
    name: card.name,
    unique_title: card.unique_title,
    seo_title: event.seo_title,
    description: card.description,
    unique_description: card.unique_description,
    seo_description: redactContacts(event.seo_description),
    category: card.category,
    source: card.source,
    date: card.date,
    end_date: event.end_utc,
    timezone: card.timezone,
    venue_name: card.venue_name,
    address: event.address,
    city: card.city,
    country: card.country,
    latitude: card.latitude,
    longitude: card.longitude,
    min_price: card.min_price,
    max_price: card.max_price,
    currency: card.currency,
    usd_rate: card.usd_rate,
    formatted_price: card.formatted_price,
    price_note: card.price_note,
    price_text: priceText({ min: event.min_price, max: event.max_price, currency: event.currency, formatted: event.formatted_price }),
    image_url: card.image_url,
    purchase_url: card.purchase_url,
    affiliate_url: card.affiliate_url,
    original_url: card.original_url,
    external_url: event.original_url ?? event.purchase_url,
    external_id: card.external_id,
    tags: visibleTags(event.tags, offers).join(', '),
    highlights: event.highlights.map((h) => redactContacts(h) ?? ''),
    faq: event.faq.map((f) => ({ question: f.question, answer: redactContacts(f.answer) ?? '' })),
    nearby: event.nearby,
    organizer: redactContacts(event.organizer),
    event_type: event.event_type,
    view_count: event.view_count,
    review_count: rating.review_count,
    rating_avg: rating.rating_avg,
    popularity: popularityAt(event.popularity_log, now),
    created_at: event.created_at,
    offers: offers.map(toPublicOffer),
    offer_count: card.offer_count,
    price_from_usd: card.price_from_usd,
  };
  if (distanceKm !== undefined) view.distance_km = roundKm(distanceKm);
  return view;
}

export function toMapBasic(
  event: Pick<StoredEvent, 'id' | 'name' | 'latitude' | 'longitude' | 'category' | 'start_utc'> & Partial<Pick<StoredEvent, 'offers'>>,
  distanceKm?: number,
): MapBasicEvent {
  const view: MapBasicEvent = {
    id: Number(event.id),
    name: event.name,
    latitude: event.latitude,
    longitude: event.longitude,
    category: event.category,
    date: event.start_utc,
  };
  if (distanceKm !== undefined) view.distance_km = roundKm(distanceKm);
  // Left out for one seller, so the map's light shape stays as it was for almost every pin.
  if (event.offers && event.offers.length > 1) view.offer_count = event.offers.length;
  return view;
}
