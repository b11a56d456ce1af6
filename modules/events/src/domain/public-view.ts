/** Maps a stored event to the public answer shapes (spec 01 §3), redacting contacts on the way out. */
import type { Offer } from '../contracts/offer.ts';
import type { CardEvent, MapBasicEvent, PublicEvent, PublicOffer } from '../contracts/public-event.ts';
import type { StoredEvent } from '../contracts/stored-event.ts';
import { redactContacts } from './contact-redaction.ts';
import { roundKm } from './geo.ts';
import { popularityAt } from './popularity.ts';
import { NO_RATING, type EventRating } from './rating.ts';
import { priceText } from './price-text.ts';
import { BUNDLED_RATES, usdPriceRange, usdRate, type RateTable } from './currency.ts';
import { isValidTimeZone } from './start-time.ts';
import { offersOf, withCanonicalFields } from './offers/canonical-view.ts';

/**
 * The table an answer converts with: the one an index document was projected with (so a card reads in the unit
 * its price filter matched it in), else the current table the caller holds (a detail read from the store).
 */
export type ConvertedSource = { usd_rates?: RateTable };

function tableOf(source: ConvertedSource, current: RateTable): RateTable {
  return source.usd_rates ?? current;
}

/** USD per one unit of `currency` in `table`, with the day of the rates when there is one. */
function conversion(currency: string, table: RateTable): { usd_rate: number | null; usd_rate_date: string | null } {
  const rate = usdRate(currency, table);
  return { usd_rate: rate, usd_rate_date: rate === null ? null : table.date };
}

function toPublicOffer(offer: Offer, table: RateTable): PublicOffer {
  const { usd_rate, usd_rate_date } = conversion(offer.currency || 'USD', table);
  const usd = usdPriceRange(offer.min_price, offer.max_price, offer.currency || 'USD', table);
  return {
    id: Number(offer.event_id),
    source: offer.source,
    external_id: offer.external_id,
    seller: offer.seller,
    min_price: offer.min_price,
    max_price: offer.max_price,
    currency: offer.currency || 'USD',
    usd_rate,
    usd_rate_date,
    price_text: priceText({
      min: offer.min_price,
      max: offer.max_price,
      currency: offer.currency,
      formatted: offer.formatted_price,
    }),
    price_usd_min: usd.min,
    price_usd_max: usd.max,
    availability: offer.availability,
    purchase_url: offer.purchase_url,
    affiliate_url: offer.affiliate_url,
    original_url: offer.original_url,
  };
}

/** The stored fields a lone event's own offer is made of (`toOffer`), or its group's offers. */
const OFFER_SOURCE_FIELDS = [
  'source',
  'external_id',
  'organizer',
  'min_price',
  'max_price',
  'currency',
  'formatted_price',
  'purchase_url',
  'affiliate_url',
  'original_url',
  'offers',
] as const satisfies ReadonlyArray<keyof StoredEvent>;

type CardSourceField = keyof StoredEvent | 'usd_rates';

/**
 * Each field of the card (`cardEventSchema`, the one definition the client types its cards by) and the stored
 * fields it is computed from. Typed over every card field, so a field added to the card schema does not
 * compile until it says where it comes from; `id` is always read, `distance_km` comes from the query.
 */
const CARD_FIELD_SOURCES = {
  id: [],
  name: ['name'],
  unique_title: ['unique_title'],
  description: ['description'],
  unique_description: ['unique_description'],
  category: ['category'],
  source: ['source'],
  date: ['start_utc'],
  timezone: ['timezone'],
  venue_name: ['venue_name'],
  city: ['city'],
  country: ['country'],
  latitude: ['latitude'],
  longitude: ['longitude'],
  min_price: ['min_price'],
  max_price: ['max_price'],
  currency: ['currency'],
  usd_rate: ['currency', 'usd_rates'],
  usd_rate_date: ['currency', 'usd_rates'],
  formatted_price: ['formatted_price'],
  price_note: ['price_note'],
  image_url: ['image_url'],
  purchase_url: ['purchase_url'],
  affiliate_url: ['affiliate_url'],
  original_url: ['original_url'],
  external_id: ['external_id'],
  distance_km: [],
  offer_count: OFFER_SOURCE_FIELDS,
  price_from_usd: [...OFFER_SOURCE_FIELDS, 'usd_rates'],
} as const satisfies { [Field in keyof CardEvent]-?: ReadonlyArray<CardSourceField> };

type CardSourceFieldOf = (typeof CARD_FIELD_SOURCES)[keyof CardEvent][number];

/** The stored fields a card is made of: `fields=card` reads only these from the index (decision 024). */
export const CARD_SOURCE_FIELDS: readonly CardSourceFieldOf[] = [
  ...new Set<CardSourceFieldOf>(Object.values(CARD_FIELD_SOURCES).flat()),
];

/** An index document read with `CARD_SOURCE_FIELDS` (plus its id). */
export type CardSource = Pick<StoredEvent, 'id' | Exclude<CardSourceFieldOf, 'offers' | 'usd_rates'>> &
  Partial<Pick<StoredEvent, 'offers'>> &
  ConvertedSource;

/** The card fields of an event whose canonical fields are already laid over (index documents are). */
function cardView(event: Omit<CardSource, 'usd_rates'>, offers: Offer[], table: RateTable): CardEvent {
  const { usd_rate, usd_rate_date } = conversion(event.currency || 'USD', table);
  const cheapest = offers[0];
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
    usd_rate,
    usd_rate_date,
    formatted_price: event.formatted_price,
    price_note: redactContacts(event.price_note),
    image_url: event.image_url,
    purchase_url: event.purchase_url,
    affiliate_url: event.affiliate_url,
    original_url: event.original_url,
    external_id: event.external_id,
    offer_count: offers.length,
    price_from_usd: cheapest
      ? usdPriceRange(cheapest.min_price, cheapest.max_price, cheapest.currency || 'USD', table).min
      : null,
  };
}

/** `fields=card`: a list item with the fields a card shows, equal to the same fields of `toPublicEvent`. */
export function toCardEvent(source: CardSource, distanceKm?: number): CardEvent {
  const view = cardView(source, offersOf(source), tableOf(source, BUNDLED_RATES));
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

/**
 * `rating` comes from the ratings read model (queries attach it); a stored event alone knows none. `rates` is
 * the caller's current table, used when `stored` is not an index document carrying its own.
 */
export function toPublicEvent(
  stored: StoredEvent & ConvertedSource,
  now: Date,
  distanceKm?: number,
  rating: EventRating = NO_RATING,
  rates: RateTable = BUNDLED_RATES,
): PublicEvent {
  // A canonical event shows its group's merged fields and its cheapest offer's price.
  const event = withCanonicalFields(stored);
  const offers = offersOf(event);
  const table = tableOf(stored, rates);
  // The card's values are copied one by one, in the answer's order: spreading the card into this literal
  // made the mapping many times slower (V8 builds the result in dictionary mode).
  const card = cardView(event, offers, table);
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
    usd_rate_date: card.usd_rate_date,
    formatted_price: card.formatted_price,
    price_note: card.price_note,
    price_text: priceText({
      min: event.min_price,
      max: event.max_price,
      currency: event.currency,
      formatted: event.formatted_price,
    }),
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
    offers: offers.map((offer) => toPublicOffer(offer, table)),
    offer_count: card.offer_count,
    price_from_usd: card.price_from_usd,
  };
  if (distanceKm !== undefined) view.distance_km = roundKm(distanceKm);
  return view;
}

export function toMapBasic(
  event: Pick<StoredEvent, 'id' | 'name' | 'latitude' | 'longitude' | 'category' | 'start_utc'> &
    Partial<Pick<StoredEvent, 'offers'>>,
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
