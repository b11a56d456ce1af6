/**
 * What a source (ingestion worker, demo seeder, admin import) hands to the events module's
 * `upsertFromSource` command: one event, already normalised to our vocabulary. The module owns ids, slugs,
 * versions, popularity and view counts; sources own everything below.
 *
 * Identity is `(source, external_id)`: upserting the same pair again updates that event, and an upsert whose
 * fields are all unchanged writes nothing and publishes nothing.
 */
import { z } from 'zod';
import { CATEGORIES } from './categories.ts';

const isoInstant = z.iso.datetime({ offset: true });
const optionalText = z.string().trim().min(1).nullable().optional();
const price = z.number().finite().nonnegative().nullable().optional();

export const sourceEventSchema = z.object({
  /** `ticketmaster`, `fever`, `demo`, or any other name (treated as generic by the buy flow). */
  source: z.string().trim().min(1),
  external_id: z.string().trim().min(1),
  name: z.string().trim().min(1),
  unique_title: optionalText,
  seo_title: optionalText,
  description: z.string().trim().nullable().optional(),
  unique_description: optionalText,
  seo_description: optionalText,
  category: z.enum(CATEGORIES),
  /** Start instant in UTC (ISO-8601). Sources convert local times using `timezone`. */
  start_utc: isoInstant,
  end_utc: isoInstant.nullable().optional(),
  /** When public sales open (UTC), for sources that say; a group of offers shows the earliest. */
  on_sale_utc: isoInstant.nullable().optional(),
  /** IANA zone of the venue, e.g. `Europe/Madrid`, when known. */
  timezone: optionalText,
  venue_name: optionalText,
  address: optionalText,
  city: optionalText,
  country: optionalText,
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Prices in `currency` (default USD); USD equivalents are computed by the module for filtering. */
  min_price: price,
  max_price: price,
  currency: z.string().trim().length(3).default('USD'),
  /** A display price the source already formatted; it wins over the computed `price_text` (spec 01 §5). */
  formatted_price: optionalText,
  price_note: optionalText,
  image_url: z.url().nullable().optional(),
  purchase_url: z.url().nullable().optional(),
  original_url: z.url().nullable().optional(),
  affiliate_url: z.url().nullable().optional(),
  tags: z.array(z.string().trim().min(1)).default([]),
  highlights: z.array(z.string().trim().min(1)).default([]),
  faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).default([]),
  nearby: z.array(z.string().trim().min(1)).default([]),
  organizer: optionalText,
  event_type: optionalText,
  /** `cancelled` removes the event from search (the source's spelling is normalised before this point). */
  status: z.enum(['active', 'cancelled']).default('active'),
});

export type SourceEventInput = z.input<typeof sourceEventSchema>;
export type SourceEvent = z.output<typeof sourceEventSchema>;

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';
