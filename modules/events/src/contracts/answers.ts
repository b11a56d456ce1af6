/**
 * The events module's answers as the API document describes them and the handlers are typed by (`z.input`
 * of each): a handler cannot answer a shape its schema does not allow, nor the document drift from it.
 */
import { z } from 'zod';
import {
  accommodationSchema,
  cardEventSchema,
  mapBasicEventSchema,
  paginationSchema,
  publicEventSchema,
  similarEventSchema,
} from './public-event.ts';

export const listPaginationSchema = paginationSchema.extend({
  next_cursor: z
    .string()
    .nullable()
    .describe('Passed back as `cursor`: the page after this one at any depth; null when no match follows'),
});

/** GET /api/events: full events, cards (`fields=card`) or map pins (`fields=map_basic`). */
export const searchAnswerSchema = z.object({
  data: z.array(z.union([publicEventSchema, cardEventSchema, mapBasicEventSchema])),
  pagination: listPaginationSchema,
});

export const filterOptionsSchema = z.object({
  countries: z.array(z.string()),
  cities: z.array(z.string()),
  citiesByCountry: z.record(z.string(), z.array(z.string())),
  categories: z.array(z.string()),
  price_ranges: z.array(z.string()),
});

export const popularAnswerSchema = z.object({ popular_events: z.array(publicEventSchema) });
export const similarAnswerSchema = z.object({ similar_events: z.array(similarEventSchema) });
export const accommodationsAnswerSchema = z.object({ items: z.array(accommodationSchema) });

export const ipLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  city: z.string().nullable(),
  country_code: z.string().nullable(),
  meta: z.object({ source: z.string(), cached: z.boolean() }),
});

/** 404 of GET /api/geo/ip: a reason code beside the text, so a client can say why in its own words. */
export const ipNotLocatedSchema = z.object({
  error: z.string(),
  reason: z.enum(['private_address', 'no_data']),
});

export const affiliateLinkSchema = z.object({ affiliate_url: z.string() });

export const splitAnswerSchema = z.object({
  event_id: z.number(),
  remaining_canonical_id: z.number().nullable(),
});

export type ListPagination = z.infer<typeof listPaginationSchema>;
export type SearchAnswer = z.input<typeof searchAnswerSchema>;
export type FilterOptions = z.input<typeof filterOptionsSchema>;
export type PopularAnswer = z.input<typeof popularAnswerSchema>;
export type SimilarAnswer = z.input<typeof similarAnswerSchema>;
export type AccommodationsAnswer = z.input<typeof accommodationsAnswerSchema>;
export type IpLocationAnswer = z.input<typeof ipLocationSchema>;
export type IpNotLocated = z.input<typeof ipNotLocatedSchema>;
export type AffiliateLink = z.input<typeof affiliateLinkSchema>;
export type SplitAnswer = z.input<typeof splitAnswerSchema>;
