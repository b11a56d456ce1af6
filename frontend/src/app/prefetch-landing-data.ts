import type { AppDispatch } from './store.ts';
import { landingEventsQuery } from './routes/home/home-query.ts';
import { eventPageApi } from '../features/event-page/api.ts';
import { eventIdFromParam } from '../features/event-page/event-id.ts';
import { homeApi } from '../features/home/api.ts';
import { loadLocation } from '../features/nearby/location-storage.ts';

const EVENT_PATH = /^\/events?\/([^/]+)\/?$/;

/**
 * Starts the landing page's main request (home: the first page of events; event page: the event) as soon as the
 * client runs, instead of from the page after its code has loaded and rendered once: on a phone under
 * Lighthouse's 4x CPU slowdown that first render alone took about a quarter of a second (docs/performance.md).
 * The page asks for the same query, so RTK Query hands it this request, in flight or answered, instead of
 * sending another; an unclaimed answer is dropped after the endpoint's keepUnusedDataFor.
 */
export function prefetchLandingData(dispatch: AppDispatch, { pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  if (pathname === '/') {
    dispatch(homeApi.util.prefetch('searchEvents', landingEventsQuery(search, loadLocation()), {}));
    return;
  }
  const segment = EVENT_PATH.exec(pathname)?.[1];
  const eventId = segment === undefined ? undefined : eventIdFromParam(safeDecode(segment));
  if (eventId) dispatch(eventPageApi.util.prefetch('getEvent', eventId, {}));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
