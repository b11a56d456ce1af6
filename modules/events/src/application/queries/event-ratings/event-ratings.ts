/**
 * Each answered event's approved review count and mean rating, read from the `event_ratings` index with one
 * facet query per answer (counts per `<event>:<stars>` over approved reviews of the answered events), so a
 * page of events costs one extra query whatever its size.
 */
import type { SearchIndex } from '@evently/platform';
import { NO_RATING, parseEventRatingKey, summariseRatings, type EventRating } from '../../../domain/rating.ts';
import { EVENT_RATINGS_INDEX } from '../../projections/event-ratings-index.ts';

/** Five star values per event at most. */
const STAR_VALUES = 5;

export interface EventRatings {
  /** Every asked id gets an entry (NO_RATING when it has no approved review). */
  ratingsFor(ids: Array<string | number>): Promise<Map<string, EventRating>>;
  /** The views with `review_count` and `rating_avg` filled in. */
  attach<T extends { id: number } & EventRating>(views: T[]): Promise<T[]>;
}

export function makeEventRatings(deps: { search: SearchIndex }): EventRatings {
  async function ratingsFor(ids: Array<string | number>): Promise<Map<string, EventRating>> {
    const wanted = [...new Set(ids.map(String))];
    const ratings = new Map<string, EventRating>(wanted.map((id) => [id, NO_RATING]));
    if (wanted.length === 0) return ratings;
    const facets = await deps.search.facets(EVENT_RATINGS_INDEX, {
      terms: ['event_rating'],
      filters: [
        { field: 'event_id', op: 'in', values: wanted },
        { field: 'state', op: 'eq', value: 'approved' },
      ],
      size: wanted.length * STAR_VALUES,
    });
    const histograms = new Map<string, Array<{ rating: number; count: number }>>();
    for (const { value, count } of facets.terms.event_rating ?? []) {
      const key = parseEventRatingKey(value);
      if (!key) continue;
      histograms.set(key.eventId, [...(histograms.get(key.eventId) ?? []), { rating: key.rating, count }]);
    }
    for (const [id, histogram] of histograms) ratings.set(id, summariseRatings(histogram));
    return ratings;
  }

  return {
    ratingsFor,
    async attach(views) {
      if (views.length === 0) return views;
      const ratings = await ratingsFor(views.map((view) => view.id));
      return views.map((view) => ({ ...view, ...(ratings.get(String(view.id)) ?? NO_RATING) }));
    },
  };
}
