/**
 * Reads `GET /api/events` query parameters by the spec's validation rules (01 §5): bad prices and dates are
 * dropped, the radius is clamped, a bad page falls back to 1; values that cannot be meant any other way
 * (an unknown sort, half a coordinate pair, an incomplete map box) are a 400 naming the parameter.
 */
import { badRequest, MAX_RESULT_WINDOW } from '@evently/platform';
import { DATE_PRESETS, type DatePreset } from '../../../domain/date-presets.ts';
import { addDays, midnightIn } from '../../../domain/time-zones.ts';

import {
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  LIST_FIELDS,
  MAX_PER_PAGE,
  MAX_RADIUS_KM,
  MIN_RADIUS_KM,
  SORT_FIELDS,
  type ListFields,
  type SortBy,
} from '../../../contracts/search-query.ts';

export interface SearchParams {
  keyword?: string;
  country?: string;
  city?: string;
  category?: string;
  datePreset?: DatePreset;
  dateFrom?: Date;
  dateTo?: Date;
  minPrice?: number;
  maxPrice?: number;
  near?: { lat: number; lon: number; radiusKm: number };
  bounds?: { north: number; south: number; east: number; west: number };
  /** Absent when the caller did not choose: the query then ranks by relevance with a keyword, else by date. */
  sortBy?: SortBy;
  sortOrder: 'asc' | 'desc';
  page: number;
  perPage: number;
  /** A lighter item shape (`fields=`): the map's pins or the list's cards; absent means the whole event. */
  fields?: ListFields;
}

type Raw = Record<string, unknown>;

/** One string per parameter: repeated parameters keep the first; empty, 'null' and 'undefined' count as absent. */
function text(raw: Raw, name: string): string | undefined {
  const value = Array.isArray(raw[name]) ? (raw[name] as unknown[])[0] : raw[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || ['null', 'undefined'].includes(trimmed.toLowerCase())) return undefined;
  return trimmed;
}

function filterValue(raw: Raw, name: string): string | undefined {
  const value = text(raw, name);
  return value && value.toLowerCase() !== 'all' ? value.slice(0, 200) : undefined;
}

function price(raw: Raw, name: string): number | undefined {
  const value = text(raw, name);
  if (value === undefined || value.toLowerCase() === 'nan') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

function finite(raw: Raw, name: string): number | undefined {
  const value = text(raw, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw badRequest(`${name}: must be a finite number`);
  return parsed;
}

function latitude(raw: Raw, name: string): number | undefined {
  const value = finite(raw, name);
  if (value !== undefined && (value < -90 || value > 90)) throw badRequest(`${name}: must be between -90 and 90`);
  return value;
}

function longitude(raw: Raw, name: string): number | undefined {
  const value = finite(raw, name);
  if (value !== undefined && (value < -180 || value > 180)) throw badRequest(`${name}: must be between -180 and 180`);
  return value;
}

function positiveInt(raw: Raw, name: string, fallback: number): number {
  const value = text(raw, name);
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : fallback;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO date or instant; a bare day is the start (or end) of that day in the visitor's zone. */
export function parseDateBound(value: string | undefined, edge: 'start' | 'end', zone: string): Date | undefined {
  if (value === undefined) return undefined;
  const fixed = value.replace(/^0025-/, '2025-');
  const day = DATE_ONLY.exec(fixed);
  if (day) {
    const date = { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]) };
    const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
    if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return undefined;
    if (edge === 'start') return midnightIn(date, zone);
    return new Date(midnightIn(addDays(date, 1), zone).getTime() - 1000);
  }
  const parsed = new Date(fixed);
  return Number.isFinite(parsed.getTime()) ? parsed : undefined;
}

function oneOf<T extends string>(raw: Raw, name: string, allowed: readonly T[], ignore: string[] = []): T | undefined {
  const value = text(raw, name)?.toLowerCase();
  if (value === undefined || ignore.includes(value)) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw badRequest(`${name}: must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function parseSearchParams(raw: Raw, zone: string): SearchParams {
  const params: SearchParams = {
    sortOrder: oneOf(raw, 'sort_order', ['asc', 'desc'] as const) ?? 'asc',
    page: positiveInt(raw, 'page', 1),
    perPage: Math.min(positiveInt(raw, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE),
  };
  const fields = oneOf(raw, 'fields', LIST_FIELDS);
  if (fields) params.fields = fields;
  // Both search engines refuse pages past the result window; say so here, naming the parameter (a 400).
  if (params.page * params.perPage > MAX_RESULT_WINDOW) {
    throw badRequest(
      `page: only the first ${MAX_RESULT_WINDOW} results can be paged to (page × per_page); narrow the search`,
    );
  }
  const keyword = text(raw, 'keyword');
  if (keyword) params.keyword = keyword.slice(0, 200);
  for (const name of ['country', 'city', 'category'] as const) {
    const value = filterValue(raw, name);
    if (value) params[name] = value;
  }
  const preset = oneOf(raw, 'date_preset', DATE_PRESETS, ['all', 'custom']);
  if (preset) params.datePreset = preset;
  const from = parseDateBound(text(raw, 'date_from'), 'start', zone);
  const to = parseDateBound(text(raw, 'date_to'), 'end', zone);
  if (from) params.dateFrom = from;
  if (to) params.dateTo = to;
  const minPrice = price(raw, 'min_price');
  const maxPrice = price(raw, 'max_price');
  if (minPrice !== undefined) params.minPrice = minPrice;
  if (maxPrice !== undefined) params.maxPrice = maxPrice;

  const lat = latitude(raw, 'latitude');
  const lon = longitude(raw, 'longitude');
  if ((lat === undefined) !== (lon === undefined)) throw badRequest('latitude and longitude must be given together');
  if (lat !== undefined && lon !== undefined) {
    const radiusText = text(raw, 'nearby_radius_km');
    const radius = radiusText === undefined ? NaN : Number(radiusText);
    const radiusKm = Number.isFinite(radius)
      ? Math.min(MAX_RADIUS_KM, Math.max(MIN_RADIUS_KM, radius))
      : DEFAULT_RADIUS_KM;
    params.near = { lat, lon, radiusKm };
  }

  if (text(raw, 'only_in_view')?.toLowerCase() === 'true') {
    const south = latitude(raw, 'min_lat');
    const north = latitude(raw, 'max_lat');
    const west = longitude(raw, 'min_lon');
    const east = longitude(raw, 'max_lon');
    if (south === undefined || north === undefined || west === undefined || east === undefined) {
      throw badRequest('only_in_view needs min_lat, max_lat, min_lon and max_lon');
    }
    if (south > north) throw badRequest('min_lat must not be greater than max_lat');
    // min_lon > max_lon is a box across the antimeridian, not an error.
    params.bounds = { north, south, east, west };
  }

  const sortBy = oneOf(raw, 'sort_by', SORT_FIELDS);
  if (sortBy) params.sortBy = sortBy === 'distance' && !params.near ? 'date' : sortBy;
  return params;
}
