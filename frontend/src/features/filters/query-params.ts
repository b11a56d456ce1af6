import type { SearchQueryText } from '@evently/events/contracts';
import type { FilterState } from './filter-state.ts';

export type QueryValue = string | number | boolean | null | undefined;
/** The events query as sent: the server's parameter names (`@evently/events/contracts`), values as text. */
export type QueryParams = SearchQueryText;

/** Spec 01 §3: empty, null or undefined values are removed before any request (NaN is no value either). */
export function cleanQuery<Name extends string>(
  params: Partial<Record<Name, QueryValue>>,
): Partial<Record<Name, string>> {
  const cleaned: Partial<Record<Name, string>> = {};
  for (const [key, value] of Object.entries(params) as [Name, QueryValue][]) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    const text = String(value).trim();
    if (text === '') continue;
    cleaned[key] = text;
  }
  return cleaned;
}

const INVALID_PRICE_WORDS = new Set(['', 'null', 'undefined', 'nan']);

/** Spec 01 §5: prices are numbers >= 0; words, non-numbers and negatives are dropped from the query. */
export function priceParam(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (INVALID_PRICE_WORDS.has(text.toLowerCase())) return undefined;
  const amount = Number(text);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/** Spec 01 §5: a year typed as '0025-' (a two-digit year the date picker padded) means 2025. */
export function fixYear(date: string): string {
  return date.startsWith('0025-') ? `2025-${date.slice(5)}` : date;
}

function localDay(date: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fixYear(date.trim()));
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(year, month - 1, day);
  // Rejects impossible days such as 2025-02-31, which Date would silently roll over into March.
  if (probe.getFullYear() !== year || probe.getMonth() !== month - 1 || probe.getDate() !== day) return undefined;
  return { year, month, day };
}

/** The start of the chosen day (00:00:00 local time) as an ISO timestamp, or undefined when invalid. */
export function startOfDayIso(date: string): string | undefined {
  const day = localDay(date);
  return day ? new Date(day.year, day.month - 1, day.day, 0, 0, 0, 0).toISOString() : undefined;
}

/** The end of the chosen day (23:59:59 local time) as an ISO timestamp, or undefined when invalid. */
export function endOfDayIso(date: string): string | undefined {
  const day = localDay(date);
  return day ? new Date(day.year, day.month - 1, day.day, 23, 59, 59, 0).toISOString() : undefined;
}

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface QueryOptions {
  page: number;
  perPage: number;
  /** Present only while 'Only in view' is on and the map has reported its bounds. */
  bounds?: Bounds | null;
}

function normalisedPage(page: number): number {
  return Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1;
}

/** The events query built from the filters (spec 01 §3 "Query built from the filters" and §7). */
export function buildEventsQuery(filters: FilterState, options: QueryOptions): QueryParams {
  const isAll = (value: string) => value.trim() === '' || value === 'all';
  const params: { [Name in keyof QueryParams]?: QueryValue } = {
    keyword: filters.keyword,
    country: isAll(filters.country) ? undefined : filters.country,
    city: isAll(filters.city) ? undefined : filters.city,
    category: isAll(filters.category) ? undefined : filters.category,
    min_price: priceParam(filters.min_price),
    max_price: priceParam(filters.max_price),
    sort_by: filters.sort_by,
    sort_order: filters.sort_order,
    per_page: options.perPage,
    page: normalisedPage(options.page),
  };

  if (filters.date_filter === 'custom') {
    // 'Custom dates' with neither date set is simply dropped.
    params.date_from = startOfDayIso(filters.start_date);
    params.date_to = endOfDayIso(filters.end_date);
  } else if (filters.date_filter !== 'all') {
    params.date_preset = filters.date_filter;
  }

  if (filters.latitude !== null && filters.longitude !== null) {
    params.latitude = filters.latitude;
    params.longitude = filters.longitude;
    params.nearby_radius_km = filters.nearby_radius_km;
  }

  if (options.bounds) {
    params.only_in_view = 'true';
    params.min_lat = options.bounds.south;
    params.max_lat = options.bounds.north;
    params.min_lon = options.bounds.west;
    params.max_lon = options.bounds.east;
  }

  return cleanQuery(params);
}
