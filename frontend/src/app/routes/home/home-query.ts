import { readLinkFilters, withLinkFilters } from '../../../features/filters/link-filters.ts';
import { DEFAULT_FILTERS, type FilterState } from '../../../features/filters/filter-state.ts';
import { buildEventsQuery, type Bounds } from '../../../features/filters/query-params.ts';
import { EVENTS_PER_PAGE } from '../../../features/home/use-event-search.ts';
import type { StoredLocation } from '../../../features/nearby/location-storage.ts';

/** The filters a visit starts with: a remembered location sorts by distance, a place link (`?city=`) wins over it. */
export function initialHomeFilters(search: string, stored: StoredLocation | null): FilterState {
  const start: FilterState = stored
    ? { ...DEFAULT_FILTERS, latitude: stored.lat, longitude: stored.lon, nearby_radius_km: stored.radius_km, sort_by: 'distance' }
    : DEFAULT_FILTERS;
  return withLinkFilters(start, readLinkFilters(search));
}

/** The events query for some filters, everything but the page (useEventSearch adds it). */
export function homeEventsQuery(filters: FilterState, bounds: Bounds | null): Record<string, string> {
  const { page: _page, ...rest } = buildEventsQuery(filters, { page: 1, perPage: EVENTS_PER_PAGE, bounds });
  return rest;
}

/** The query of the home page's first events request for an address's search part (page 1, no map bounds). */
export function landingEventsQuery(search: string, stored: StoredLocation | null): Record<string, string> {
  return { ...homeEventsQuery(initialHomeFilters(search, stored), null), page: '1' };
}
