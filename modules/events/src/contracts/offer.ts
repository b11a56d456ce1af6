/**
 * Offers: one event sold by several sellers is one canonical event, and each linked record is an
 * offer. The canonical record (the group's first record, whose id is the public id) carries every live offer,
 * cheapest first, and the fields merged from the group. Both are owned by the module, never by a source.
 */
import { z } from 'zod';

const text = z.string().nullable();

export const offerSchema = z.object({
  /** The linked record's own id (its old links redirect to the canonical event). */
  event_id: z.string(),
  source: z.string(),
  external_id: z.string(),
  /** The seller's display name ('Ticketmaster', 'Fever', else the organizer or the source). */
  seller: z.string(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  currency: z.string(),
  formatted_price: text,
  price_usd_min: z.number().nullable(),
  price_usd_max: z.number().nullable(),
  /** Where the source says so ('available', 'sold_out'); null when unknown. */
  availability: text,
  purchase_url: text,
  affiliate_url: text,
  original_url: text,
});

/** Fields of the canonical event taken from the whole group by the rules in domain/offers/merge-fields.ts. */
export const mergedFieldsSchema = z.object({
  description: text,
  image_url: text,
  tags: z.array(z.string()),
  highlights: z.array(z.string()),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  organizer: text,
  address: text,
  timezone: text,
  end_utc: text,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Earliest on-sale instant any seller gave (null while no source reports one). */
  on_sale_utc: text,
});

export type Offer = z.infer<typeof offerSchema>;
export type MergedFields = z.infer<typeof mergedFieldsSchema>;
