import type { AppDispatch } from './store.ts';
import { landingEventsQuery } from './routes/home/home-query.ts';
import { eventPageApi } from '../features/event-page/api.ts';
import { eventIdFromParam } from '../features/event-page/event-id.ts';
import { homeApi } from '../features/home/api.ts';
import { loadLocation, type StoredLocation } from '../features/nearby/location-storage.ts';

/** `/event/{id}` and `/events/{id}-{slug}`, as the route table has them. */
export const EVENT_PAGE_PATH = /^\/events?\/([^/]+)\/?$/;

/**
 * Starts the landing page's main request (home: the first page of events; event page: the event) as soon as the
 * client runs, instead of from the page after its code has loaded and rendered once: on a phone under
 * Lighthouse's 4x CPU slowdown that first render alone took about a quarter of a second (docs/performance.md).
 * The page asks for the same query, so RTK Query hands it this request, in flight or answered, instead of
 * sending another; an unclaimed answer is dropped after the endpoint's keepUnusedDataFor.
 *
 * The server's renderer (entry-server.tsx) starts the same request and waits for it: the promise settles when
 * the answer is in the store (or failed). The server knows no visitor's stored location.
 */
export function prefetchLandingData(
  dispatch: AppDispatch,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
  storedLocation: () => StoredLocation | null = loadLocation,
): Promise<unknown> {
  // As RTK Query's util.prefetch does it, but with the request's promise to wait on.
  const prefetch = { subscribe: false, forceRefetch: false } as const;
  if (pathname === '/') {
    return dispatch(homeApi.endpoints.searchEvents.initiate(landingEventsQuery(search, storedLocation()), prefetch));
  }
  const eventId = landingEventId(pathname);
  return eventId ? dispatch(eventPageApi.endpoints.getEvent.initiate(eventId, prefetch)) : Promise.resolve();
}

/** The event id of an event page's path (the key its event is cached under), or undefined. */
export function landingEventId(pathname: string): string | undefined {
  const segment = EVENT_PAGE_PATH.exec(pathname)?.[1];
  return segment === undefined ? undefined : eventIdFromParam(safeDecode(segment));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
