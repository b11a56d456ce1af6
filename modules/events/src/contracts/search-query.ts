/**
 * `GET /api/events` (and the search calendar) parameters as the API document describes them and the client
 * builds its query from. The handler reads them by hand (`search-params.ts`: lenient, with the spec's
 * drop-or-clamp rules and the `cursor` beside it), so this zod object is not what validates a request;
 * `search-query.unit.spec.ts` checks that it names exactly the parameters the handler reads.
 */
import { MAX_CURSOR_LENGTH } from '@evently/platform/contracts';
import { z } from 'zod';
import { CATEGORIES } from './categories.ts';
import { DATE_PRESETS } from './date-presets.ts';

export const SORT_FIELDS = ['date', 'price', 'popularity', 'name', 'distance'] as const;
export type SortBy = (typeof SORT_FIELDS)[number];

/** Lighter list items: `map_basic` for map pins, `card` for list cards. */
export const LIST_FIELDS = ['map_basic', 'card'] as const;
export type ListFields = (typeof LIST_FIELDS)[number];

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 1000;
export const DEFAULT_RADIUS_KM = 25;
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 100;

/**
 * `cursor`: the `pagination.next_cursor` of a previous answer, for the page after it (how the map's "Show all
 * events" walks past the result window that `page` cannot pass). Opaque to clients.
 */
export const cursorParam = z
  .string()
  .min(1)
  .max(MAX_CURSOR_LENGTH)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a pagination.next_cursor value (base64url)')
  .describe(
    'pagination.next_cursor of the previous answer: the page after it, past the 10,000 result window too; not with page > 1',
  );

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

/** The parameters as a client sends them (every one optional). */
export type SearchQueryParams = z.input<typeof searchQuerySchema>;
/** The same names as a URL's query string carries them. */
export type SearchQueryText = { [Name in keyof SearchQueryParams]?: string };
