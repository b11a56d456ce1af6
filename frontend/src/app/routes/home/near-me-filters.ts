import type { FilterState, SortBy, SortOrder } from '../../../features/filters/filter-state.ts';
import type { StoredLocation } from '../../../features/nearby/location-storage.ts';
import type { ResolvedLocation } from '../../../features/nearby/resolve-location.ts';

/** The sort a search had before Near me switched it to distance. */
export interface PreviousSort {
  sort_by: SortBy;
  sort_order: SortOrder;
}

export const DATE_SORT: PreviousSort = { sort_by: 'date', sort_order: 'asc' };

/** The location a search is near, with where a remembered one came from (a shared link's reads as the browser's). */
export function locationOf(filters: FilterState, stored: StoredLocation | null): ResolvedLocation | null {
  if (filters.latitude === null || filters.longitude === null) return null;
  return { lat: filters.latitude, lon: filters.longitude, source: stored?.source ?? 'browser' };
}

/** A located search sorts by distance, nearest first. */
export function withLocation(current: FilterState, located: ResolvedLocation): FilterState {
  return { ...current, latitude: located.lat, longitude: located.lon, sort_by: 'distance', sort_order: 'asc' };
}

/** The sort to give back when the location is cleared: the search's own, unless Near me set it. */
export function sortBeforeLocation(current: FilterState, previous: PreviousSort): PreviousSort {
  return current.sort_by === 'distance' ? previous : { sort_by: current.sort_by, sort_order: current.sort_order };
}

/** Clearing the location drops its coordinates; the earlier sort returns only if the search still sorts by distance. */
export function withoutLocation(current: FilterState, previous: PreviousSort): FilterState {
  return {
    ...current,
    latitude: null,
    longitude: null,
    ...(current.sort_by === 'distance' ? previous : {}),
  };
}

/** One object per location and radius: the map re-centres on the visitor whenever this identity changes. */
export function userOf(filters: FilterState): { lat: number; lon: number; radiusKm: number } | null {
  return filters.latitude !== null && filters.longitude !== null
    ? { lat: filters.latitude, lon: filters.longitude, radiusKm: filters.nearby_radius_km }
    : null;
}
