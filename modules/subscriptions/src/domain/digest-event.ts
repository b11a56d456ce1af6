import type { DatePreset } from '@evently/events';

/** What the digest needs to know about an event; filled from the events module's public queries. */
export interface DigestEvent {
  id: number;
  name: string;
  unique_title?: string | null;
  date: string | null;
  /** The venue's IANA zone (e.g. 'America/Chicago'): the digest shows times on the venue's clock. */
  timezone?: string | null;
  venue_name?: string | null;
  city?: string | null;
  country?: string | null;
  category?: string | null;
  image_url?: string | null;
  price_text?: string | null;
  slug?: string | null;
}

/** A digest's question to the catalogue: the saved search's filters (none for a city digest), where and when. */
export interface DigestMatchArgs {
  keyword: string | null;
  category: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  datePreset: DatePreset | null;
  lat: number;
  lon: number;
  radiusKm: number;
  from: Date;
  to: Date;
  limit: number;
}

/** The part of the events catalogue the digest reads (wired to `@evently/events` queries by the backend). */
export interface EventsCatalogue {
  cityCoordinates(city: string, country?: string): Promise<{ lat: number; lon: number } | null>;
  /** The events matching a search in a window, as the site's search matches them. */
  matching(args: DigestMatchArgs): Promise<DigestEvent[]>;
}
