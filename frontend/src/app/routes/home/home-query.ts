import type { FilterState } from '../../../features/filters/filter-state.ts';
import { buildEventsQuery, type Bounds, type QueryParams } from '../../../features/filters/query-params.ts';
import { EVENTS_PER_PAGE } from '../../../features/home/use-event-search.ts';
import type { StoredLocation } from '../../../features/nearby/location-storage.ts';
import { parseHomeSearch } from './search-url.ts';

/** The filters a visit starts with: the address's search, else a remembered location sorting by distance. */
export function initialHomeFilters(search: string, stored: StoredLocation | null): FilterState {
  return parseHomeSearch(search, stored).filters;
}

/** The events query for some filters, everything but the page (useEventSearch adds it). */
export function homeEventsQuery(filters: FilterState, bounds: Bounds | null): QueryParams {
  const { page: _page, ...rest } = buildEventsQuery(filters, { page: 1, perPage: EVENTS_PER_PAGE, bounds });
  return rest;
}

/** The query of the home page's first events request for an address's search part (page 1, no map bounds). */
export function landingEventsQuery(search: string, stored: StoredLocation | null): QueryParams {
  return { ...homeEventsQuery(initialHomeFilters(search, stored), null), page: '1' };
}
