/**
 * The Event aggregate's rules on the write side: how a source record becomes the stored body, and whether a
 * new record changes anything (an unchanged upsert writes nothing and publishes nothing).
 */
import type { SourceEvent } from '../contracts/source-event.ts';
import type { StoredEvent } from '../contracts/stored-event.ts';
import { matchKeys, type MatchKeys } from './matching/match-keys.ts';
import { eventSlug } from './slug.ts';

/** Fields a source owns; everything else (id, slug, counters, popularity, metadata) is the module's. */
export type SourceFields = Omit<
  StoredEvent,
  'id' | 'slug' | 'view_count' | 'click_count' | 'popularity_log' | 'created_at' | 'updated_at' | 'version'
>;

export type EventBody = Omit<StoredEvent, 'id' | 'created_at' | 'updated_at' | 'version'>;

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);

export function sourceFields(input: SourceEvent): SourceFields {
  return {
    source: input.source,
    external_id: input.external_id,
    name: input.name,
    unique_title: orNull(input.unique_title),
    seo_title: orNull(input.seo_title),
    description: input.description ? input.description : null,
    unique_description: orNull(input.unique_description),
    seo_description: orNull(input.seo_description),
    category: input.category,
    start_utc: new Date(input.start_utc).toISOString(),
    end_utc: input.end_utc ? new Date(input.end_utc).toISOString() : null,
    on_sale_utc: input.on_sale_utc ? new Date(input.on_sale_utc).toISOString() : null,
    timezone: orNull(input.timezone),
    venue_name: orNull(input.venue_name),
    address: orNull(input.address),
    city: orNull(input.city),
    country: orNull(input.country),
    // Half a coordinate is no location: both or neither.
    latitude: input.latitude != null && input.longitude != null ? input.latitude : null,
    longitude: input.latitude != null && input.longitude != null ? input.longitude : null,
    min_price: orNull(input.min_price),
    max_price: orNull(input.max_price),
    currency: input.currency.toUpperCase(),
    formatted_price: orNull(input.formatted_price),
    price_note: orNull(input.price_note),
    image_url: orNull(input.image_url),
    purchase_url: orNull(input.purchase_url),
    original_url: orNull(input.original_url),
    affiliate_url: orNull(input.affiliate_url),
    tags: [...input.tags],
    highlights: [...input.highlights],
    faq: input.faq.map((f) => ({ question: f.question, answer: f.answer })),
    nearby: [...input.nearby],
    organizer: orNull(input.organizer),
    event_type: orNull(input.event_type),
    status: input.status,
  };
}

/** Fields the match keys are derived from: a change to one of them recomputes the keys. */
const MATCH_KEY_SOURCES = ['venue_name', 'city', 'latitude', 'longitude'] as const;

/**
 * The stored body of a new record. It carries the offer matcher's lookup keys (match-keys.ts), which are
 * storage only: the message contract does not declare them, so consumers never see them.
 */
export function newEventBody(id: string, fields: SourceFields): EventBody & MatchKeys & { id: string } {
  return {
    id,
    slug: eventSlug(id, fields.name),
    ...fields,
    ...matchKeys(fields),
    view_count: 0,
    click_count: 0,
    popularity_log: 0,
  };
}

/** The patch that brings `current` up to `incoming`, or null when nothing a source owns has changed. */
export function sourceChanges(current: StoredEvent, incoming: SourceFields): Partial<EventBody & MatchKeys> | null {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(incoming)) {
    const before = (current as Record<string, unknown>)[key];
    if (JSON.stringify(before ?? null) !== JSON.stringify(value)) patch[key] = value;
  }
  if (Object.keys(patch).length === 0) return null;
  if ('name' in patch) patch.slug = eventSlug(current.id, incoming.name);
  // Records stored before the keys existed get them with their next change.
  if (MATCH_KEY_SOURCES.some((key) => key in patch) || !('match_venue' in current))
    Object.assign(patch, matchKeys(incoming));
  return patch as Partial<EventBody & MatchKeys>;
}
