/**
 * The home page's whole search in its address: keyword, place, category, dates, price, sort, "near me" and
 * the view, so a search can be reloaded, shared, and walked with Back and Forward. One pure codec, read by the
 * page, by the landing prefetch and by the server's first paint, so all three start from the same search.
 *
 * Only what differs from the defaults is written, in a fixed order, so one search has one address. Each
 * parameter is read on its own: a wrong one is dropped, the others still apply.
 */
import * as z from 'zod/mini';
import {
  DEFAULT_FILTERS,
  DEFAULT_RADIUS_KM,
  type DateFilter,
  type FilterState,
  type SortBy,
} from '../../../features/filters/filter-state.ts';
import { fixYear, priceParam, startOfDayIso } from '../../../features/filters/query-params.ts';
import type { ViewMode } from '../../../features/home/focus-params.ts';
import type { StoredLocation } from '../../../features/nearby/location-storage.ts';
import { MAX_RADIUS_KM, MIN_RADIUS_KM } from '../../../features/nearby/radius.ts';

export interface HomeSearch {
  filters: FilterState;
  view: ViewMode;
}

/**
 * A shared address carries its sender's whereabouts only to about 100 m (three decimals): plenty for "events
 * within 25 km", and no closer to a front door.
 */
const NEAR_DECIMALS = 3;
const MAX_TEXT = 200;
const MAX_PLACE = 120;

/** The parameters that define the filters; `view` (and the spec's `mode`) only choose how results show. */
const FILTER_PARAMS = [
  'keyword',
  'country',
  'city',
  'category',
  'date',
  'from',
  'to',
  'min_price',
  'max_price',
  'sort',
  'order',
  'near',
  'radius',
] as const;

const text = (max: number) =>
  z.catch(
    z.optional(
      z
        .pipe(
          z.string(),
          z.transform((value) => value.trim()),
        )
        .check(z.refine((value) => value !== '' && value.length <= max)),
    ),
    undefined,
  );
const place = z.catch(
  z.optional(
    z.pipe(
      text(MAX_PLACE),
      z.transform((value) => (value === 'all' ? undefined : value)),
    ),
  ),
  undefined,
);
const day = z.catch(
  z.optional(
    z
      .pipe(
        z.string(),
        z.transform((value) => fixYear(value.trim())),
      )
      .check(z.refine((value) => startOfDayIso(value) !== undefined)),
  ),
  undefined,
);
const price = z.catch(
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value) => priceParam(value)),
    ),
  ),
  undefined,
);
const near = z.catch(
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value) => {
        const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value);
        const lat = Number(match?.[1]);
        const lon = Number(match?.[2]);
        return match && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined;
      }),
    ),
  ),
  undefined,
);
const radius = z.catch(
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value) => {
        const km = Number(value);
        return Number.isInteger(km) && km >= MIN_RADIUS_KM && km <= MAX_RADIUS_KM ? km : undefined;
      }),
    ),
  ),
  undefined,
);
const oneOf = <T extends string>(values: readonly [T, ...T[]]) => z.catch(z.optional(z.enum(values)), undefined);

const searchSchema = z.object({
  keyword: text(MAX_TEXT),
  country: place,
  city: place,
  category: place,
  date: oneOf<DateFilter>(['today', 'tomorrow', 'this_week', 'this_month', 'custom']),
  from: day,
  to: day,
  min_price: price,
  max_price: price,
  sort: oneOf<SortBy>(['date', 'price', 'popularity', 'name', 'distance']),
  order: oneOf(['asc', 'desc']),
  near,
  radius,
  view: oneOf<ViewMode>(['list', 'map', 'split']),
  // The spec's own parameter (the event page's Show on map): read as the view, never written.
  mode: oneOf<ViewMode>(['list', 'map', 'split']),
});

/** Whether an address defines the filters itself (a shared or reloaded search), not just the view. */
export function definesFilters(search: string): boolean {
  const params = new URLSearchParams(search);
  return FILTER_PARAMS.some((name) => params.has(name));
}

/** Near enough to be the same place once written with the address's precision. */
function samePlace(a: { lat: number; lon: number }, b: { lat: number; lon: number }): boolean {
  return (
    roundTo(a.lat, NEAR_DECIMALS) === roundTo(b.lat, NEAR_DECIMALS) &&
    roundTo(a.lon, NEAR_DECIMALS) === roundTo(b.lon, NEAR_DECIMALS)
  );
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function firstValues(search: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) if (!(name in values)) values[name] = value;
  return values;
}

/**
 * The search an address stands for. An address with filters defines the whole search; one without (a first
 * visit, the digest's plain home link) starts from the visitor's remembered location, as the page always did,
 * unless `startFromStored` is off (Back to an entry of this visit: the address is then the whole truth). A
 * remembered location the address rounds to is used at its full precision.
 */
export function parseHomeSearch(
  search: string,
  stored: StoredLocation | null = null,
  startFromStored = true,
): HomeSearch {
  const read = searchSchema.parse(firstValues(search));
  const view = read.view ?? read.mode ?? 'list';
  if (!definesFilters(search)) {
    if (!startFromStored) return { filters: DEFAULT_FILTERS, view };
    const filters: FilterState = stored
      ? {
          ...DEFAULT_FILTERS,
          latitude: stored.lat,
          longitude: stored.lon,
          nearby_radius_km: stored.radius_km,
          sort_by: 'distance',
        }
      : DEFAULT_FILTERS;
    return { filters, view };
  }

  const at =
    read.near && stored && samePlace(read.near, { lat: stored.lat, lon: stored.lon })
      ? { lat: stored.lat, lon: stored.lon }
      : read.near;
  const custom = read.date === 'custom';
  // Distance sorting exists only with a location; a location sorts by distance unless the address says otherwise.
  const sortBy: SortBy = read.sort === 'distance' && !at ? 'date' : (read.sort ?? (at ? 'distance' : 'date'));
  const filters: FilterState = {
    keyword: read.keyword ?? '',
    country: read.country ?? 'all',
    city: read.city ?? 'all',
    category: read.category ?? 'all',
    date_filter: read.date ?? 'all',
    start_date: custom ? (read.from ?? '') : '',
    end_date: custom ? (read.to ?? '') : '',
    min_price: read.min_price === undefined ? '' : String(read.min_price),
    max_price: read.max_price === undefined ? '' : String(read.max_price),
    sort_by: sortBy,
    sort_order: read.order ?? 'asc',
    latitude: at?.lat ?? null,
    longitude: at?.lon ?? null,
    nearby_radius_km: at ? (read.radius ?? DEFAULT_RADIUS_KM) : DEFAULT_RADIUS_KM,
  };
  return { filters, view };
}

/** The address's search part (`?...`, or '' for the default search) for a search. */
export function serialiseHomeSearch({ filters, view }: HomeSearch): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') params.set(name, value);
  };
  const notAll = (value: string) => (value.trim() === '' || value === 'all' ? undefined : value.trim());
  const nearby = filters.latitude !== null && filters.longitude !== null;

  put('keyword', filters.keyword.trim() || undefined);
  put('country', notAll(filters.country));
  put('city', notAll(filters.city));
  put('category', notAll(filters.category));
  if (filters.date_filter !== 'all') put('date', filters.date_filter);
  if (filters.date_filter === 'custom') {
    put('from', filters.start_date.trim() || undefined);
    put('to', filters.end_date.trim() || undefined);
  }
  put('min_price', priceParam(filters.min_price)?.toString());
  put('max_price', priceParam(filters.max_price)?.toString());
  if (filters.sort_by !== (nearby ? 'distance' : 'date')) put('sort', filters.sort_by);
  if (filters.sort_order !== 'asc') put('order', filters.sort_order);
  if (nearby) {
    put('near', `${roundTo(filters.latitude!, NEAR_DECIMALS)},${roundTo(filters.longitude!, NEAR_DECIMALS)}`);
    if (filters.nearby_radius_km !== DEFAULT_RADIUS_KM) put('radius', String(filters.nearby_radius_km));
  }
  if (view !== 'list') put('view', view);
  const written = params.toString();
  return written ? `?${written}` : '';
}
