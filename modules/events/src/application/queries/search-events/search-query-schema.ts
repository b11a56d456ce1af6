/**
 * `GET /api/events` (and the search calendar) parameters as the API document describes them. The handler
 * reads them by hand (`search-params.ts`: lenient, with the spec's drop-or-clamp rules and the `cursor`
 * beside it), so this zod object is documentation only; `search-query-schema.unit.spec.ts` checks that it
 * names exactly the parameters the handler reads.
 */
import { z } from 'zod';
import { CATEGORIES } from '../../../contracts/categories.ts';
import { DATE_PRESETS } from '../../../domain/date-presets.ts';
import { cursorParam } from './cursor-param.ts';
import {
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  LIST_FIELDS,
  MAX_PER_PAGE,
  MAX_RADIUS_KM,
  MIN_RADIUS_KM,
  SORT_FIELDS,
} from './search-params.ts';

export const searchQuerySchema = z.object({
  keyword: z
    .string()
    .max(200)
    .optional()
    .describe('Words in the name, venue, city or tags; typo-tolerant, word forms and accents folded'),
  country: z.string().max(200).optional().describe("'all' or absent: every country"),
  city: z.string().max(200).optional().describe("'all' or absent: every city"),
  category: z.enum([...CATEGORIES, 'all']).optional(),
  date_preset: z
    .enum([...DATE_PRESETS, 'all', 'custom'])
    .optional()
    .describe('A period in the X-Timezone zone; all/custom: none'),
  date_from: z
    .string()
    .optional()
    .describe('YYYY-MM-DD (start of that day in the X-Timezone zone) or an ISO instant; invalid: ignored'),
  date_to: z.string().optional().describe('YYYY-MM-DD (end of that day) or an ISO instant; invalid: ignored'),
  min_price: z.number().min(0).optional().describe('Invalid or negative: ignored'),
  max_price: z.number().min(0).optional().describe('Invalid or negative: ignored'),
  latitude: z
    .number()
    .min(-90)
    .max(90)
    .optional()
    .describe('With longitude: events near this point, nearest first when sort_by=distance'),
  longitude: z.number().min(-180).max(180).optional(),
  nearby_radius_km: z
    .number()
    .optional()
    .describe(
      `With latitude and longitude; clamped to ${MIN_RADIUS_KM}-${MAX_RADIUS_KM}, ${DEFAULT_RADIUS_KM} by default`,
    ),
  only_in_view: z
    .enum(['true', 'false'])
    .optional()
    .describe('true: only events inside min_lat, max_lat, min_lon, max_lon (all four required)'),
  min_lat: z.number().min(-90).max(90).optional(),
  max_lat: z.number().min(-90).max(90).optional(),
  min_lon: z.number().min(-180).max(180).optional().describe('Greater than max_lon: a box across the antimeridian'),
  max_lon: z.number().min(-180).max(180).optional(),
  sort_by: z.enum(SORT_FIELDS).optional().describe('distance needs latitude and longitude (otherwise date)'),
  sort_order: z.enum(['asc', 'desc']).optional(),
  page: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Invalid: 1; page × per_page past 10,000 is a 400 (walk further with cursor)'),
  per_page: z.number().int().min(1).max(MAX_PER_PAGE).optional().describe(`${DEFAULT_PER_PAGE} by default`),
  cursor: cursorParam.optional(),
  fields: z
    .enum(LIST_FIELDS)
    .optional()
    .describe(
      'Lighter items: map_basic for map pins; card for list cards (no FAQ, highlights, offers, ratings...; decision 024). Absent: whole events',
    ),
});
