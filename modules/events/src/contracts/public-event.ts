/**
 * The event as the public API answers it (spec 01 §3 "Event"), as zod schemas: the server's views are typed by
 * them, the API document describes the answers with them, and the client imports their types. No field ever
 * carries an e-mail or phone.
 */
import { z } from 'zod';
import { CATEGORIES } from './categories.ts';

/** One seller's offer of an event: what the Compare offers list shows and what its buy flow needs. */
export const publicOfferSchema = z.object({
  /** The offer's own record id (the buy-flow endpoints accept it, or `external_id` for its source). */
  id: z.number(),
  source: z.string(),
  external_id: z.string(),
  seller: z.string(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  currency: z.string(),
  usd_rate: z.number().nullable().describe('USD per one unit of `currency`; null when unknown'),
  usd_rate_date: z.string().nullable().describe('The day of the rates `usd_rate` comes from (YYYY-MM-DD)'),
  price_text: z.string(),
  price_usd_min: z.number().nullable(),
  price_usd_max: z.number().nullable(),
  availability: z.string().nullable(),
  purchase_url: z.string().nullable(),
  affiliate_url: z.string().nullable(),
  original_url: z.string().nullable(),
});

export const publicEventSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  unique_title: z.string().nullable(),
  seo_title: z.string().nullable(),
  description: z.string().nullable(),
  unique_description: z.string().nullable(),
  seo_description: z.string().nullable(),
  category: z.enum(CATEGORIES),
  source: z.string(),
  date: z.string(),
  end_date: z.string().nullable(),
  timezone: z
    .string()
    .nullable()
    .describe("The venue's IANA time zone when the source gave one (e.g. 'Asia/Kolkata'): visitors read times in it"),
  venue_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  currency: z.string(),
  usd_rate: z
    .number()
    .nullable()
    .describe("USD per one unit of `currency` (the price filter's table), so prices can be shown in USD first"),
  usd_rate_date: z.string().nullable().describe('The day of the rates `usd_rate` comes from (YYYY-MM-DD)'),
  formatted_price: z.string().nullable(),
  price_note: z.string().nullable(),
  price_text: z.string(),
  image_url: z.string().nullable(),
  purchase_url: z.string().nullable(),
  affiliate_url: z.string().nullable(),
  original_url: z.string().nullable(),
  external_url: z.string().nullable(),
  external_id: z.string(),
  tags: z.string().describe("Comma separated, as the spec's entity has it"),
  highlights: z.array(z.string()),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  nearby: z.array(z.string()),
  organizer: z.string().nullable(),
  event_type: z.string().nullable(),
  view_count: z.number(),
  review_count: z.number().describe('Approved reviews of this event (0 when none)'),
  rating_avg: z.number().nullable().describe('Mean stars of the approved reviews, one decimal; null when none'),
  popularity: z.number().describe('Decayed activity score as of the answer (higher is more popular right now)'),
  created_at: z.string(),
  distance_km: z.number().optional().describe('Only when the query had a point: great-circle km, 3 decimals'),
  offers: z.array(publicOfferSchema).describe("Every seller's offer of this event, cheapest first"),
  offer_count: z.number().describe('Number of sellers (offers)'),
  price_from_usd: z
    .number()
    .nullable()
    .describe("The cheapest offer's lowest price in USD, null when no offer has a comparable price"),
});

/**
 * `fields=card`: what an event card, the list/split/map views, the map popup and the Buy Tickets flow read
 * from a list item (decision 024), each field exactly as in the full event. The server reads from its index
 * only the stored fields these are made of (`domain/public-view.ts` derives that list from this schema).
 */
export const cardEventSchema = publicEventSchema.pick({
  id: true,
  name: true,
  unique_title: true,
  description: true,
  unique_description: true,
  category: true,
  source: true,
  date: true,
  timezone: true,
  venue_name: true,
  city: true,
  country: true,
  latitude: true,
  longitude: true,
  min_price: true,
  max_price: true,
  currency: true,
  usd_rate: true,
  usd_rate_date: true,
  formatted_price: true,
  price_note: true,
  image_url: true,
  purchase_url: true,
  affiliate_url: true,
  original_url: true,
  external_id: true,
  distance_km: true,
  offer_count: true,
  price_from_usd: true,
});

/** `fields=map_basic`: what the map needs and nothing heavy. */
export const mapBasicEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  category: z.enum(CATEGORIES),
  date: z.string(),
  distance_km: z.number().optional(),
  offer_count: z.number().optional().describe('Number of sellers, present only when several sell this event'),
});

export const similarEventSchema = publicEventSchema.extend({ similarity_reasons: z.array(z.string()) });

export const accommodationSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  price_text: z.string(),
  rating: z.number().nullable(),
  distance: z.number().describe('km from the event, 3 decimals'),
  affiliate_url: z.string().optional(),
  url: z.string().optional(),
});

export const paginationSchema = z.object({
  total: z.number(),
  pages: z.number(),
  page: z.number(),
  has_next: z.boolean(),
});

export type PublicOffer = z.infer<typeof publicOfferSchema>;
export type PublicEvent = z.infer<typeof publicEventSchema>;
export type CardEvent = z.infer<typeof cardEventSchema>;
export type MapBasicEvent = z.infer<typeof mapBasicEventSchema>;
export type SimilarEvent = z.infer<typeof similarEventSchema>;
export type Accommodation = z.infer<typeof accommodationSchema>;
export type Pagination = z.infer<typeof paginationSchema>;
