/**
 * Changing a subscription's saved search (an admin's edit, or its owner's through the mail's edit link): the
 * filters given replace the stored ones (null clears one), the rest stay, and the keys that group and identify
 * the subscription follow. Contradictions of the merged search are refused with the field to fix.
 */
import type { DatePreset } from '@evently/events';
import { NO_FILTERS, type SavedSearch } from './saved-search.ts';
import { identityKey, searchFields, type Subscriber } from './subscriber.ts';

export interface SearchPatch {
  keyword?: string | null;
  category?: string | null;
  min_price?: number | null;
  max_price?: number | null;
  date_preset?: DatePreset | null;
  latitude?: number | null;
  longitude?: number | null;
}

export class SearchContradiction extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'SearchContradiction';
  }
}

export function patchedSearch(current: SavedSearch | null | undefined, patch: SearchPatch): SavedSearch {
  const base = current ?? NO_FILTERS;
  const pick = <K extends keyof SearchPatch>(key: K, stored: SearchPatch[K]) =>
    patch[key] === undefined ? stored : patch[key];
  const lat = pick('latitude', base.centre?.lat ?? null);
  const lon = pick('longitude', base.centre?.lon ?? null);
  if ((lat == null) !== (lon == null)) {
    throw new SearchContradiction(lat == null ? 'latitude' : 'longitude', 'a centre needs both latitude and longitude');
  }
  const next: SavedSearch = {
    keyword: pick('keyword', base.keyword)?.trim() || null,
    category: pick('category', base.category) ?? null,
    min_price: pick('min_price', base.min_price) ?? null,
    max_price: pick('max_price', base.max_price) ?? null,
    date_preset: pick('date_preset', base.date_preset) ?? null,
    centre: lat != null && lon != null ? { lat, lon } : null,
  };
  if (next.min_price !== null && next.max_price !== null && next.max_price < next.min_price) {
    throw new SearchContradiction('max_price', 'must not be below min_price');
  }
  return next;
}

/**
 * The stored fields that change when a subscriber's place or search becomes `next` (only those that differ).
 * A subscription with neither a city nor a centre would match nothing, so it is refused.
 */
export function searchFieldChanges(
  current: Subscriber,
  place: { country: string; city: string; radius_km: number },
  search: SavedSearch,
): Partial<Subscriber> {
  if (!search.centre && (!place.city.trim() || !place.country.trim()))
    throw new SearchContradiction('city', 'a search needs a city or a centre');
  const fields = searchFields(place, search);
  const identity = identityKey(current.email, place.city, { key: fields.search_key, filtered: fields.has_filters });
  const changes: Partial<Subscriber> = {};
  if (JSON.stringify(fields.search) !== JSON.stringify(current.search ?? null)) changes.search = fields.search;
  if (fields.search_key !== current.search_key) changes.search_key = fields.search_key;
  if (fields.has_filters !== (current.has_filters ?? false)) changes.has_filters = fields.has_filters;
  if (identity !== current.identity_key) changes.identity_key = identity;
  return changes;
}
