import { api } from '../../app/api.ts';
import type { Accommodation, SimilarEvent } from '@evently/events/contracts';
import type { VisitorEvent } from '../../lib/format/event.ts';

export type { Accommodation, SimilarEvent };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function listOf<T>(raw: unknown, key: string): T[] {
  return isRecord(raw) && Array.isArray(raw[key]) ? (raw[key] as T[]) : [];
}

/** An event answer must at least name the event; an empty fallback answer is treated as not found. */
export function toEvent(raw: unknown): VisitorEvent {
  if (isRecord(raw) && (typeof raw.id === 'number' || typeof raw.id === 'string') && typeof raw.name === 'string') {
    return raw as unknown as VisitorEvent;
  }
  throw new Error('Event not found');
}

export const SIMILAR_EVENTS_LIMIT = 6;

export const eventPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEvent: build.query<VisitorEvent, string>({
      query: (id) => `/events/${encodeURIComponent(id)}`,
      transformResponse: toEvent,
      providesTags: (_result, _error, id) => [{ type: 'Event', id }],
    }),
    getSimilarEvents: build.query<SimilarEvent[], string>({
      query: (id) => ({ url: `/events/${encodeURIComponent(id)}/similar`, params: { limit: SIMILAR_EVENTS_LIMIT } }),
      transformResponse: (raw: unknown) => listOf<SimilarEvent>(raw, 'similar_events'),
      providesTags: (_result, _error, id) => [{ type: 'SimilarEvents', id }],
    }),
    getAccommodations: build.query<Accommodation[], string>({
      query: (id) => `/events/${encodeURIComponent(id)}/accommodations`,
      transformResponse: (raw: unknown) => listOf<Accommodation>(raw, 'items'),
      providesTags: (_result, _error, id) => [{ type: 'Accommodations', id }],
    }),
    /**
     * A tracking-link call records an outbound click on the server, so it must run on every Buy Tickets click:
     * a mutation (never cached) rather than a query, even though it is a GET.
     */
    resolveTrackingLink: build.mutation<string | undefined, string>({
      query: (path) => ({ url: `/${path}`, method: 'GET' }),
      transformResponse: (raw: unknown) => {
        const url = isRecord(raw) ? raw.affiliate_url : undefined;
        return typeof url === 'string' && url.trim() ? url.trim() : undefined;
      },
    }),
  }),
});

export const { useGetEventQuery, useGetSimilarEventsQuery, useGetAccommodationsQuery, useResolveTrackingLinkMutation } =
  eventPageApi;
