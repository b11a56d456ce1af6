/** The event as the public API answers it (spec 01 §3 "Event"). No field ever carries an e-mail or phone. */
import type { Category } from './categories.ts';

export interface PublicEvent {
  id: number;
  slug: string;
  name: string;
  unique_title: string | null;
  seo_title: string | null;
  description: string | null;
  unique_description: string | null;
  seo_description: string | null;
  category: Category;
  source: string;
  date: string;
  end_date: string | null;
  /** The venue's IANA time zone when the source gave one (e.g. 'Asia/Kolkata'): visitors read times in it. */
  timezone: string | null;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  min_price: number | null;
  max_price: number | null;
  currency: string;
  /** USD per one unit of `currency` (the price filter's table), so prices can be shown in USD first; null when unknown. */
  usd_rate: number | null;
  /** The day of the rates `usd_rate` comes from (YYYY-MM-DD); null when there is no rate. */
  usd_rate_date: string | null;
  formatted_price: string | null;
  price_note: string | null;
  price_text: string;
  image_url: string | null;
  purchase_url: string | null;
  affiliate_url: string | null;
  original_url: string | null;
  external_url: string | null;
  external_id: string;
  /** Comma separated, as the spec's entity has it. */
  tags: string;
  highlights: string[];
  faq: Array<{ question: string; answer: string }>;
  nearby: string[];
  organizer: string | null;
  event_type: string | null;
  view_count: number;
  /** Approved reviews of this event (0 when none). */
  review_count: number;
  /** Mean stars of the approved reviews, one decimal; null when there are none. */
  rating_avg: number | null;
  /** Decayed activity score as of the answer (higher is more popular right now). */
  popularity: number;
  created_at: string;
  /** Only when the query had a point: great-circle km, 3 decimals. */
  distance_km?: number;
  /** Every seller's offer of this event, cheapest first (one when a single seller lists it). */
  offers: PublicOffer[];
  /** Number of sellers (offers). */
  offer_count: number;
  /** The cheapest offer's lowest price in USD ("from USD x"), null when no offer has a comparable price. */
  price_from_usd: number | null;
}

/** One seller's offer of an event: what the Compare offers list shows and what its buy flow needs. */
export interface PublicOffer {
  /** The offer's own record id (the buy-flow endpoints accept it, or `external_id` for its source). */
  id: number;
  source: string;
  external_id: string;
  seller: string;
  min_price: number | null;
  max_price: number | null;
  currency: string;
  /** USD per one unit of `currency`; null when unknown. */
  usd_rate: number | null;
  /** The day of the rates `usd_rate` comes from (YYYY-MM-DD); null when there is no rate. */
  usd_rate_date: string | null;
  price_text: string;
  price_usd_min: number | null;
  price_usd_max: number | null;
  availability: string | null;
  purchase_url: string | null;
  affiliate_url: string | null;
  original_url: string | null;
}

/**
 * `fields=card`: what an event card, the list/split/map views, the map popup and the Buy Tickets flow read
 * from a list item (decision 024), each field exactly as in `PublicEvent`. The event page reads the whole
 * event by id.
 */
export type CardEvent = Pick<
  PublicEvent,
  | 'id'
  | 'name'
  | 'unique_title'
  | 'description'
  | 'unique_description'
  | 'category'
  | 'source'
  | 'date'
  | 'timezone'
  | 'venue_name'
  | 'city'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'min_price'
  | 'max_price'
  | 'currency'
  | 'usd_rate'
  | 'usd_rate_date'
  | 'formatted_price'
  | 'price_note'
  | 'image_url'
  | 'purchase_url'
  | 'affiliate_url'
  | 'original_url'
  | 'external_id'
  | 'distance_km'
  | 'offer_count'
  | 'price_from_usd'
>;

/** `fields=map_basic`: what the map needs and nothing heavy. */
export interface MapBasicEvent {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  category: Category;
  date: string;
  distance_km?: number;
  /** Number of sellers, present only when several sell this event. */
  offer_count?: number;
}

export interface SimilarEvent extends PublicEvent {
  similarity_reasons: string[];
}

export interface Accommodation {
  id: string;
  name: string;
  image_url: string | null;
  price_text: string;
  rating: number | null;
  /** km from the event, 3 decimals. */
  distance: number;
  affiliate_url?: string;
  url?: string;
}

export interface Pagination {
  total: number;
  pages: number;
  page: number;
  has_next: boolean;
}
