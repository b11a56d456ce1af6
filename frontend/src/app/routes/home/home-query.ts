import type { AppDispatch } from '../../store.ts';
import { readLinkFilters, withLinkFilters } from '../../../features/filters/link-filters.ts';
import { DEFAULT_FILTERS, type FilterState } from '../../../features/filters/filter-state.ts';
import { buildEventsQuery, type Bounds } from '../../../features/filters/query-params.ts';
import { homeApi } from '../../../features/home/api.ts';
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

/**
 * Starts the home page's first events request while the page itself is still rendering, instead of from the
 * page's effect after its first render: on a phone that render took about a quarter of a second (4x CPU
 * slowdown) the request no longer waits for (docs/performance.md). The home page asks for the same query, so RTK
 * Query hands it this request (in flight or answered) rather than sending another.
 */
export function prefetchHomeEvents(dispatch: AppDispatch, search: string, stored: StoredLocation | null): void {
  const request = dispatch(homeApi.endpoints.searchEvents.initiate({ ...homeEventsQuery(initialHomeFilters(search, stored), null), page: '1' }));
  // The page's own subscription keeps the answer; failures are the page's to report (spec 01 §8).
  void request
    .unwrap()
    .catch(() => undefined)
    .finally(() => request.unsubscribe());
}
