/** GET /api/events: the catalogue search, answered `{ data, pagination }` (spec 01 §7). */
import type { Clock, SearchIndex } from '@evently/platform';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import type { MapBasicEvent, Pagination, PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { isValidTimeZone } from '../../../domain/start-time.ts';
import { toMapBasic, toPublicEvent } from '../../../domain/public-view.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';
import { buildSearchQuery } from './build-search-query.ts';
import { paginationOf } from './pagination.ts';
import { parseSearchParams } from './search-params.ts';

export interface SearchAnswer {
  data: Array<PublicEvent | MapBasicEvent>;
  pagination: Pagination;
}

/** The visitor's IANA zone, or UTC when the header is absent or not a zone. */
export function visitorZone(header: string | undefined | null): string {
  const zone = header?.trim();
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

export function makeSearchEvents(deps: { search: SearchIndex; clock: Clock; ratings: EventRatings }) {
  return async function searchEvents(raw: Record<string, unknown>, options: { timezone?: string | null } = {}): Promise<SearchAnswer> {
    const zone = visitorZone(options.timezone);
    const params = parseSearchParams(raw, zone);
    const now = deps.clock.now();
    const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, buildSearchQuery(params, now, zone));
    // The map's light shape carries no ratings: it is asked for hundreds of pins at a time.
    const data: Array<PublicEvent | MapBasicEvent> = params.mapBasic
      ? result.hits.map((hit) => toMapBasic({ ...hit.source, id: hit.id }, hit.distanceKm))
      : await deps.ratings.attach(result.hits.map((hit) => toPublicEvent(hit.source, now, hit.distanceKm)));
    return { data, pagination: paginationOf(result.total, params.page, params.perPage) };
  };
}
