/**
 * The home search as a saved search: which searches can be saved (a keyword or a filter), the filters the
 * sign-up sends, and the search in words. The words follow the server's rules (subscriptions module
 * `describeSearch`), which name the search in the digest; both are pinned by the same examples in their specs.
 */
import type { FilterState } from '../../../../features/filters/filter-state.ts';
import { priceParam } from '../../../../features/filters/query-params.ts';

/** The server's default radius around a city (a search with its own centre always carries its radius). */
export const CITY_RADIUS_KM = 50;

const PRESETS = ['today', 'tomorrow', 'this_week', 'this_month'] as const;
type Preset = (typeof PRESETS)[number];
const DATE_WORDS: Record<Preset, string> = {
  today: 'today',
  tomorrow: 'tomorrow',
  this_week: 'this week',
  this_month: 'this month',
};

const chosen = (value: string) => (value.trim() === '' || value === 'all' ? null : value.trim());
const presetOf = (filters: FilterState): Preset | null =>
  (PRESETS as readonly string[]).includes(filters.date_filter) ? (filters.date_filter as Preset) : null;

export interface SavedSearchFields {
  country?: string;
  city?: string;
  keyword?: string;
  category?: string;
  min_price?: number;
  max_price?: number;
  date_preset?: Preset;
  latitude?: number;
  longitude?: number;
  radius_km?: number;
}

/** The filters a sign-up carries for this search (only those set). Custom dates are not kept: a digest covers each coming week. */
export function savedSearchFields(filters: FilterState): SavedSearchFields {
  const fields: SavedSearchFields = {};
  const country = chosen(filters.country);
  const city = chosen(filters.city);
  if (country) fields.country = country;
  if (city) fields.city = city;
  const keyword = filters.keyword.trim();
  if (keyword) fields.keyword = keyword;
  const category = chosen(filters.category);
  if (category) fields.category = category;
  const min = priceParam(filters.min_price);
  const max = priceParam(filters.max_price);
  if (min !== undefined) fields.min_price = min;
  if (max !== undefined) fields.max_price = max;
  const preset = presetOf(filters);
  if (preset) fields.date_preset = preset;
  if (filters.latitude !== null && filters.longitude !== null) {
    fields.latitude = Math.round(filters.latitude * 1000) / 1000;
    fields.longitude = Math.round(filters.longitude * 1000) / 1000;
    fields.radius_km = filters.nearby_radius_km;
  }
  return fields;
}

/** Whether there is anything to save beyond the plain city digest: a keyword or a filter. */
export function canSaveSearch(filters: FilterState): boolean {
  const fields = savedSearchFields(filters);
  return ['keyword', 'category', 'min_price', 'max_price', 'date_preset', 'latitude'].some((name) => name in fields);
}

/** Whether the search says where: a city (with its country) or a centre. Otherwise the form asks for a place. */
export function hasPlace(fields: SavedSearchFields): boolean {
  return fields.latitude !== undefined || (fields.country !== undefined && fields.city !== undefined);
}

const dollars = (value: number) => `$${Number.isInteger(value) ? value : value.toFixed(2)}`;

function priceWords(min?: number, max?: number): string | null {
  if (max === 0) return 'free';
  if (min !== undefined && max !== undefined)
    return min === max ? `at ${dollars(min)}` : `${dollars(min)}-${dollars(max)}`;
  if (max !== undefined) return `under ${dollars(max)}`;
  if (min !== undefined) return `from ${dollars(min)}`;
  return null;
}

function placeWords(fields: SavedSearchFields, nearWord: string): string | null {
  if (fields.latitude !== undefined) return `within ${fields.radius_km} km of ${fields.city ?? nearWord}`;
  return fields.city ? `near ${fields.city}` : null;
}

/** "Jazz under $50 near Berlin": the search in words; a centre without a city is "you" (the visitor's own place). */
export function describeSavedSearch(fields: SavedSearchFields, nearWord = 'you'): string {
  const keyword = fields.keyword;
  const head = keyword
    ? `${keyword.charAt(0).toLocaleUpperCase('en')}${keyword.slice(1)}${fields.category ? ` in ${fields.category}` : ''}`
    : fields.category
      ? `${fields.category} events`
      : 'Events';
  return [
    head,
    priceWords(fields.min_price, fields.max_price),
    fields.date_preset ? DATE_WORDS[fields.date_preset] : null,
    placeWords(fields, nearWord),
  ]
    .filter((part): part is string => part !== null)
    .join(' ');
}
