/**
 * The event as the visitor side reads it from `GET /api/events` and `GET /api/events/{id}` (spec 01 §3).
 * Everything but `id` and `name` is optional because list pages may ask for trimmed field sets
 * (`fields=map_basic`) and sources fill fields unevenly.
 */
import { isKnownTimeZone } from './date-time-format.ts';

export interface VisitorEvent {
  id: number | string;
  name: string;
  slug?: string | null;
  unique_title?: string | null;
  seo_title?: string | null;
  description?: string | null;
  unique_description?: string | null;
  seo_description?: string | null;
  category?: string | null;
  source?: string | null;
  date?: string | null;
  end_date?: string | null;
  /** The venue's IANA time zone; times are shown in it. */
  timezone?: string | null;
  start_datetime?: string | null;
  start_datetime_utc?: string | null;
  start_date?: string | null;
  event_date?: string | null;
  venue_name?: string | null;
  city?: string | null;
  country?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  min_price?: number | string | null;
  max_price?: number | string | null;
  currency?: string | null;
  /** USD per one unit of `currency`, from the server's price filter; null when unknown. */
  usd_rate?: number | null;
  /** The day of the rates `usd_rate` comes from (YYYY-MM-DD). */
  usd_rate_date?: string | null;
  formatted_price?: string | null;
  price_note?: string | null;
  price_text?: string | null;
  image_url?: string | null;
  purchase_url?: string | null;
  affiliate_url?: string | null;
  original_url?: string | null;
  external_url?: string | null;
  external_id?: string | null;
  /** A comma separated string per the spec; some answers carry an array, which is accepted too. */
  tags?: string | readonly string[] | null;
  highlights?: readonly string[] | null;
  faq?: readonly { question: string; answer: string }[] | null;
  nearby?: readonly string[] | null;
  organizer?: string | null;
  event_type?: string | null;
  view_count?: number | null;
  /** Approved reviews of the event; 0 when none. */
  review_count?: number | null;
  /** The approved reviews' average rating, one decimal; null when none. */
  rating_avg?: number | null;
  created_at?: string | null;
  distance_km?: number | null;
  /** Every seller's offer, cheapest first; one when a single seller lists the event. */
  offers?: readonly VisitorOffer[] | null;
  offer_count?: number | null;
  /** The cheapest offer's lowest price in USD. */
  price_from_usd?: number | null;
}

/** One seller's offer of an event: enough to show it and to run its own buy flow. */
export interface VisitorOffer {
  id: number | string;
  source: string;
  external_id?: string | null;
  seller: string;
  price_text?: string | null;
  min_price?: number | null;
  max_price?: number | null;
  currency?: string | null;
  usd_rate?: number | null;
  usd_rate_date?: string | null;
  purchase_url?: string | null;
  affiliate_url?: string | null;
  original_url?: string | null;
}

const nonEmpty = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** unique_title is preferred over name for display (spec 01 §3). */
export function displayTitle(event: Pick<VisitorEvent, 'name' | 'unique_title'>): string {
  return nonEmpty(event.unique_title) ?? event.name;
}

/** unique_description is preferred over description (spec 01 §3). */
export function displayDescription(event: Pick<VisitorEvent, 'description' | 'unique_description'>): string {
  return nonEmpty(event.unique_description) ?? nonEmpty(event.description) ?? '';
}

/** The start time may arrive under any of five names (spec 01 §3); the first non-empty one wins. */
export function eventStart(event: VisitorEvent): string | undefined {
  return (
    nonEmpty(event.start_datetime) ??
    nonEmpty(event.start_datetime_utc) ??
    nonEmpty(event.start_date) ??
    nonEmpty(event.date) ??
    nonEmpty(event.event_date)
  );
}

/** The venue's zone when the answer names a valid one; undefined means the visitor's own zone. */
export function eventTimeZone(event: Pick<VisitorEvent, 'timezone'>): string | undefined {
  const zone = nonEmpty(event.timezone);
  return zone && isKnownTimeZone(zone) ? zone : undefined;
}

/** Tags as a list, whether the answer carried a comma separated string or an array. */
export function eventTags(event: Pick<VisitorEvent, 'tags'>): string[] {
  const raw = typeof event.tags === 'string' ? event.tags.split(',') : (event.tags ?? []);
  return raw.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Finite coordinates or nothing: events without them are left off the map and get no 'Show on map'. */
export function eventCoordinates(event: Pick<VisitorEvent, 'latitude' | 'longitude'>): Coordinates | undefined {
  const toNumber = (value: number | string | null | undefined): number =>
    value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  const lat = toNumber(event.latitude);
  const lon = toNumber(event.longitude);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : undefined;
}

/** The home page URL that focuses one event on the map (spec 01 §2, Get Tickets card). */
export function showOnMapHref(eventId: VisitorEvent['id'], at: Coordinates): string {
  const query = new URLSearchParams({
    mode: 'map',
    focus_lat: String(at.lat),
    focus_lon: String(at.lon),
    focus_event: String(eventId),
  });
  return `/?${query.toString()}`;
}
