/**
 * The event as the module stores it (collection `events`) and announces it on the bus. Field names follow the
 * spec's Event entity where one exists; `start_utc`/`end_utc` are the normalised instants behind `date` and
 * `end_date`. Counters and `popularity_log` are owned by the module, never by a source.
 */
import { z } from 'zod';
import { CATEGORIES } from './categories.ts';
import { mergedFieldsSchema, offerSchema } from './offer.ts';

const text = z.string().nullable();

export const storedEventSchema = z.object({
  id: z.string().regex(/^\d+$/),
  slug: z.string(),
  source: z.string(),
  external_id: z.string(),
  name: z.string(),
  unique_title: text,
  seo_title: text,
  description: text,
  unique_description: text,
  seo_description: text,
  category: z.enum(CATEGORIES),
  start_utc: z.string(),
  end_utc: text,
  /** Optional: records stored before sources gave an on-sale instant have none (read as null). */
  on_sale_utc: text.optional(),
  timezone: text,
  venue_name: text,
  address: text,
  city: text,
  country: text,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  currency: z.string(),
  formatted_price: text,
  price_note: text,
  image_url: text,
  purchase_url: text,
  original_url: text,
  affiliate_url: text,
  tags: z.array(z.string()),
  highlights: z.array(z.string()),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  nearby: z.array(z.string()),
  organizer: text,
  event_type: text,
  status: z.enum(['active', 'cancelled', 'removed']),
  view_count: z.number().int().nonnegative(),
  click_count: z.number().int().nonnegative(),
  /** log2 of the decayed activity score relative to a fixed epoch; see domain/popularity.ts. */
  popularity_log: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().positive(),
  /**
   * Offers (decision 022). On a record linked into another event: that event's id (this record is
   * an offer, and its id redirects there). Absent or null: the record is listed itself.
   */
  canonical_id: z.string().nullable().optional(),
  /** On the canonical record of a group of two or more live records: every live offer, cheapest first. */
  offers: z.array(offerSchema).nullable().optional(),
  /** On the canonical record of a group: fields merged from the group's records. */
  merged: mergedFieldsSchema.nullable().optional(),
});

export type StoredEvent = z.infer<typeof storedEventSchema>;
