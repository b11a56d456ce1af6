/** Every read of the events module, wired once from the ports (used by the HTTP routers and the door). */
import type { Clock, DocumentReader, SearchIndex } from '@evently/platform';
import type { PublicEvent } from '../contracts/public-event.ts';
import type { StoredEvent } from '../contracts/stored-event.ts';
import { toPublicEvent } from '../domain/public-view.ts';
import type { RateBook } from './exchange-rates/rate-book.ts';
import type { AccommodationsProvider } from './queries/accommodations/accommodations-provider.ts';
import { makeEventAccommodations } from './queries/accommodations/event-accommodations.ts';
import { makeCanonicalRedirect } from './queries/canonical-event/canonical-redirect.ts';
import { makeCatalogueLookups } from './queries/catalogue-lookups/catalogue-lookups.ts';
import { makeEventRatings } from './queries/event-ratings/event-ratings.ts';
import { makeFilterOptions } from './queries/filter-options/filter-options.ts';
import { makeGetStoredEvent } from './queries/get-event/get-event.ts';
import { makePopularEvents } from './queries/popular-events/popular-events.ts';
import { makeSavedSearchMatches } from './queries/saved-search-matches/saved-search-matches.ts';
import { makeSearchEvents } from './queries/search-events/search-events.ts';
import { makeSimilarEvents } from './queries/similar-events/similar-events.ts';
import { makeUpcomingEvents } from './queries/upcoming-events/upcoming-events.ts';

export function makeEventsQueries(baseDeps: {
  store: DocumentReader;
  search: SearchIndex;
  clock: Clock;
  accommodations: AccommodationsProvider;
  rates: RateBook;
}) {
  const ratings = makeEventRatings(baseDeps);
  const deps = { ...baseDeps, ratings };
  const getStoredById = makeGetStoredEvent(deps);
  const { searchEvents, searchEventsText } = makeSearchEvents(deps);
  const lookups = makeCatalogueLookups(deps);
  /** The public event with its rating (one index read), a store record converted with the current rates. */
  const toPublic = async (event: StoredEvent): Promise<PublicEvent> => {
    const [view] = await ratings.attach([
      toPublicEvent(event, deps.clock.now(), undefined, undefined, deps.rates.current()),
    ]);
    return view as PublicEvent;
  };
  return {
    search: searchEvents,
    /** The same answer as JSON text, as HTTP sends it: card and pin pages are spliced from stored texts. */
    searchText: searchEventsText,
    getStoredById,
    /** Ids of records linked into another event lead there. */
    canonicalRedirect: makeCanonicalRedirect(deps),
    toPublic,
    ratings,
    /** The public event by numeric id or slug, or null. Reading does not count as a view. */
    async getById(idOrSlug: string | number): Promise<PublicEvent | null> {
      const event = await getStoredById(idOrSlug);
      return event ? toPublic(event) : null;
    },
    popular: makePopularEvents(deps),
    similar: makeSimilarEvents(deps),
    upcomingEvents: makeUpcomingEvents(deps),
    savedSearchMatches: makeSavedSearchMatches(deps),
    filterOptions: makeFilterOptions(deps),
    accommodations: makeEventAccommodations({
      provider: deps.accommodations,
      cityCoordinates: lookups.cityCoordinates,
    }),
    ...lookups,
  };
}

export type EventsQueries = ReturnType<typeof makeEventsQueries>;
