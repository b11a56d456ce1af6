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

/** The part of the events catalogue the digest reads (wired to `@evently/events` queries by the backend). */
export interface EventsCatalogue {
  cityCoordinates(city: string, country?: string): Promise<{ lat: number; lon: number } | null>;
  upcomingNear(args: {
    lat: number;
    lon: number;
    radiusKm: number;
    from: Date;
    to: Date;
    limit: number;
  }): Promise<DigestEvent[]>;
}
