import type { SearchQueryParams } from '@evently/events/contracts';
import { api } from '../../app/api.ts';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { MAP_PAGE_SIZE, type MapPage } from './load-all-map-events.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads one `fields=map_basic` page; an answer without a next cursor (an empty fallback too) is the last page. */
export function toMapPage(raw: unknown): MapPage {
  const data = isRecord(raw) && Array.isArray(raw.data) ? (raw.data as VisitorEvent[]) : [];
  const pagination = isRecord(raw) && isRecord(raw.pagination) ? raw.pagination : {};
  return {
    data,
    nextCursor:
      typeof pagination.next_cursor === 'string' && pagination.next_cursor !== '' ? pagination.next_cursor : null,
    total: typeof pagination.total === 'number' ? pagination.total : data.length,
  };
}

/** The first page is `page=1` (spec 01 §7); every next one is the page after the previous answer's cursor. */
export function mapPageParams(cursor: string | null): SearchQueryParams {
  const position: SearchQueryParams = cursor === null ? { page: 1 } : { cursor };
  return { per_page: MAP_PAGE_SIZE, ...position, fields: 'map_basic' };
}

export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMapEventsPage: build.query<MapPage, string | null>({
      query: (cursor) => ({ url: '/events', params: mapPageParams(cursor) }),
      transformResponse: toMapPage,
      // A 100,000-event map is a lot of memory; nothing else reads these pages once the loader has them.
      keepUnusedDataFor: 0,
    }),
  }),
});
