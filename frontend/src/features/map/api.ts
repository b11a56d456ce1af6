import { api } from '../../app/api.ts';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { MAP_PAGE_SIZE, type MapPage } from './load-all-map-events.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads one `fields=map_basic` page; an empty fallback answer counts as a last, empty page. */
export function toMapPage(raw: unknown): MapPage {
  const data = isRecord(raw) && Array.isArray(raw.data) ? (raw.data as VisitorEvent[]) : [];
  const pagination = isRecord(raw) && isRecord(raw.pagination) ? raw.pagination : {};
  return {
    data,
    hasNext: pagination.has_next === true,
    total: typeof pagination.total === 'number' ? pagination.total : data.length,
  };
}

export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMapEventsPage: build.query<MapPage, number>({
      query: (page) => ({ url: '/events', params: { per_page: MAP_PAGE_SIZE, page, fields: 'map_basic' } }),
      transformResponse: toMapPage,
      // A 100,000-event map is a lot of memory; nothing else reads these pages once the loader has them.
      keepUnusedDataFor: 0,
    }),
  }),
});
