/** GET /api/events: the catalogue search, answered `{ data, pagination }` (spec 01 §7). */
import type { Clock, SearchHit, SearchIndex } from '@evently/platform';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import type { CardEvent, MapBasicEvent, Pagination, PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { isValidTimeZone } from '../../../domain/start-time.ts';
import { toCardEvent, toMapBasic, toPublicEvent } from '../../../domain/public-view.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';
import { buildSearchQuery } from './build-search-query.ts';
import { paginationOf } from './pagination.ts';
import { parseCursorParam, refusedCursorAsBadRequest } from './cursor-param.ts';
import { parseSearchParams, type ListFields } from './search-params.ts';

export interface SearchAnswer {
  data: Array<PublicEvent | CardEvent | MapBasicEvent>;
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
    const cursor = parseCursorParam(raw, params.page);
    const result = await deps.search
      .search<StoredEvent>(EVENTS_INDEX, { ...buildSearchQuery(params, now, zone), ...cursor })
      .catch(refusedCursorAsBadRequest);
    const pagination = paginationOf(result.total, params.page, params.perPage, { next: result.nextCursor, cursorPage: cursor.after !== undefined });
    return { data: await itemsOf(result.hits, params.fields, now), pagination };
  };

  /** The light shapes carry no ratings (no card or pin shows one) and read only their own fields from the index. */
  async function itemsOf(hits: Array<SearchHit<StoredEvent>>, fields: ListFields | undefined, now: Date): Promise<SearchAnswer['data']> {
    switch (fields) {
      case 'map_basic':
        return hits.map((hit) => toMapBasic({ ...hit.source, id: hit.id }, hit.distanceKm));
      case 'card':
        return hits.map((hit) => toCardEvent({ ...hit.source, id: hit.id }, hit.distanceKm));
      case undefined:
        return deps.ratings.attach(hits.map((hit) => toPublicEvent(hit.source, now, hit.distanceKm)));
    }
  }
}
