/**
 * The home search as a saved search: which searches can be saved (a keyword or a filter), the filters the
 * sign-up sends, and the search in words. The fields are the server's request body and the words its
 * `describeSearch` (`@evently/subscriptions/contracts`), which names the search in the digest too.
 */
import { CATEGORIES, DATE_PRESETS, type Category, type DatePreset } from '@evently/events/contracts';
import {
  DEFAULT_RADIUS_KM,
  describeSearch,
  roundToNear,
  type SavedSearchEditBody,
} from '@evently/subscriptions/contracts';
import type { FilterState } from '../../../../features/filters/filter-state.ts';
import { priceParam } from '../../../../features/filters/query-params.ts';

/** The filters a saved search carries: the body of the mail's edit call, and of a sign-up beside the address. */
export type SavedSearchFields = SavedSearchEditBody;

const chosen = (value: string) => (value.trim() === '' || value === 'all' ? null : value.trim());
const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);
const presetOf = (filters: FilterState): DatePreset | null =>
  (DATE_PRESETS as readonly string[]).includes(filters.date_filter) ? (filters.date_filter as DatePreset) : null;

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
  if (category && isCategory(category)) fields.category = category;
  const min = priceParam(filters.min_price);
  const max = priceParam(filters.max_price);
  if (min !== undefined) fields.min_price = min;
  if (max !== undefined) fields.max_price = max;
  const preset = presetOf(filters);
  if (preset) fields.date_preset = preset;
  if (filters.latitude !== null && filters.longitude !== null) {
    fields.latitude = roundToNear(filters.latitude);
    fields.longitude = roundToNear(filters.longitude);
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
  return fields.latitude != null || (fields.country !== undefined && fields.city !== undefined);
}

/** "Jazz under $50 near Berlin": the search in words; a centre without a city is "you" (the visitor's own place). */
export function describeSavedSearch(fields: SavedSearchFields, nearWord = 'you'): string {
  const centre =
    fields.latitude != null && fields.longitude != null ? { lat: fields.latitude, lon: fields.longitude } : null;
  const place = {
    country: fields.country ?? '',
    city: fields.city ?? '',
    radius_km: fields.radius_km ?? DEFAULT_RADIUS_KM,
  };
  const search = {
    keyword: fields.keyword ?? null,
    category: fields.category ?? null,
    min_price: fields.min_price ?? null,
    max_price: fields.max_price ?? null,
    date_preset: fields.date_preset ?? null,
    centre,
  };
  return describeSearch(place, search, nearWord);
}
