import { api } from '../../app/api.ts';
import type { CardEvent, Pagination, SearchQueryText } from '@evently/events/contracts';
import type { VisitorEvent } from '../../lib/format/event.ts';

export type { Pagination };

export interface EventsPage {
  data: CardEvent[];
  pagination: Pagination;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const finiteOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Reads an events answer; an empty fallback answer (204, empty or non-JSON body) becomes an empty page. */
export function toEventsPage(raw: unknown): EventsPage {
  const data = isRecord(raw) && Array.isArray(raw.data) ? (raw.data as CardEvent[]) : [];
  const pagination = isRecord(raw) && isRecord(raw.pagination) ? raw.pagination : {};
  const page = finiteOr(pagination.page, 1);
  const pages = finiteOr(pagination.pages, data.length > 0 ? 1 : 0);
  return {
    data,
    pagination: {
      total: finiteOr(pagination.total, data.length),
      pages,
      page,
      has_next: typeof pagination.has_next === 'boolean' ? pagination.has_next : page < pages,
    },
  };
}

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchEvents: build.query<EventsPage, SearchQueryText>({
      // Card items only (decision 024): a page of 100 whole events is several times the bytes and server time.
      query: (params) => ({ url: '/events', params: { ...params, fields: 'card' } }),
      transformResponse: toEventsPage,
      providesTags: ['EventList'],
      keepUnusedDataFor: 30,
    }),
    getPopularEvents: build.query<VisitorEvent[], void>({
      query: () => ({ url: '/events/popular', params: { limit: 20 } }),
      transformResponse: (raw: unknown) =>
        isRecord(raw) && Array.isArray(raw.popular_events) ? (raw.popular_events as VisitorEvent[]) : [],
      providesTags: ['PopularEvents'],
    }),
  }),
});
