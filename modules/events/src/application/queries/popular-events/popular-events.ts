/**
 * GET /api/events/popular: the most popular live events by decayed activity, then soonest first. Events that
 * started more than two hours ago are left out (spec 01 §4 and §9).
 */
import type { Clock, SearchIndex } from '@evently/platform';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import type { PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { toPublicEvent } from '../../../domain/public-view.ts';
import { upcomingCutoff } from '../upcoming-cutoff.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';

export const DEFAULT_POPULAR_LIMIT = 20;
export const MAX_POPULAR_LIMIT = 100;

export function makePopularEvents(deps: { search: SearchIndex; clock: Clock; ratings: EventRatings }) {
  return async function popularEvents(limit: number = DEFAULT_POPULAR_LIMIT): Promise<PublicEvent[]> {
    const now = deps.clock.now();
    const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, {
      filters: [{ field: 'start', op: 'range', gte: upcomingCutoff(now) }],
      sort: [
        { by: 'field', field: 'popularity', direction: 'desc' },
        { by: 'field', field: 'start', direction: 'asc' },
      ],
      limit: Math.min(Math.max(1, Math.floor(limit)), MAX_POPULAR_LIMIT),
    });
    return deps.ratings.attach(result.hits.map((hit) => toPublicEvent(hit.source, now)));
  };
}
