/**
 * The events a saved search finds in a window (the weekly digest's "coming week"). It builds the same
 * engine-neutral query as `GET /api/events` (`buildSearchQuery`), so a saved search and the site's search
 * share one definition of a match on both engines; only the window and the order are the digest's own.
 */
import type { Clock, SearchIndex } from '@evently/platform';
import type { PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import type { DatePreset } from '../../../domain/date-presets.ts';
import { toPublicEvent } from '../../../domain/public-view.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import { buildSearchQuery } from '../search-events/build-search-query.ts';
import type { SearchParams } from '../search-events/search-params.ts';

export interface SavedSearchMatchArgs {
  keyword?: string | null;
  category?: string | null;
  /** USD, compared with each event's converted price range as the site's price filter does. */
  minPrice?: number | null;
  maxPrice?: number | null;
  datePreset?: DatePreset | null;
  /** The centre and radius: a saved radius may reach 500 km, wider than the site's own slider. */
  lat: number;
  lon: number;
  radiusKm: number;
  from: Date | string;
  to: Date | string;
  limit: number;
  /** A zone for the date presets; UTC when absent. */
  timezone?: string;
}

export function makeSavedSearchMatches(deps: { search: SearchIndex; clock: Clock; ratings: EventRatings }) {
  /**
   * Live events matching the search and starting in [from, to]. With a price bound the cheapest come first
   * (the visitor said what they want to pay); otherwise the most popular, then the soonest, as the city digest.
   */
  return async function savedSearchMatches(args: SavedSearchMatchArgs): Promise<PublicEvent[]> {
    const pricing = args.minPrice != null || args.maxPrice != null;
    const params: SearchParams = {
      ...(args.keyword ? { keyword: args.keyword } : {}),
      ...(args.category ? { category: args.category } : {}),
      ...(args.datePreset ? { datePreset: args.datePreset } : {}),
      ...(args.minPrice != null ? { minPrice: args.minPrice } : {}),
      ...(args.maxPrice != null ? { maxPrice: args.maxPrice } : {}),
      dateFrom: new Date(args.from),
      dateTo: new Date(args.to),
      near: { lat: args.lat, lon: args.lon, radiusKm: args.radiusKm },
      sortBy: pricing ? 'price' : 'popularity',
      sortOrder: pricing ? 'asc' : 'desc',
      page: 1,
      perPage: Math.max(1, Math.floor(args.limit)),
    };
    const now = deps.clock.now();
    const query = buildSearchQuery(params, now, args.timezone ?? 'UTC');
    query.sort = [...(query.sort ?? []), { by: 'field', field: 'start', direction: 'asc' }];
    const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, query);
    return deps.ratings.attach(result.hits.map((hit) => toPublicEvent(hit.source, now, hit.distanceKm)));
  };
}
