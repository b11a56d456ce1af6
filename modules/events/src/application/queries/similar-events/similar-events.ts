/**
 * GET /api/events/{id}/similar: upcoming events that share something with this one. Candidates come from
 * three cheap index queries (same category soonest, nearby soonest, same city); each is scored by how many
 * reasons it has (domain/similarity.ts), then soonest first. Never the event itself.
 */
import type { Clock, SearchIndex, SearchQuery } from '@evently/platform';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import type { SimilarEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { toPublicEvent } from '../../../domain/public-view.ts';
import { NEARBY_KM, similarityReasons } from '../../../domain/similarity.ts';
import { upcomingCutoff } from '../upcoming-cutoff.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';

export const DEFAULT_SIMILAR_LIMIT = 6;
export const MAX_SIMILAR_LIMIT = 50;
const CANDIDATES_PER_QUERY = 60;

export function makeSimilarEvents(deps: { search: SearchIndex; clock: Clock; ratings: EventRatings }) {
  return async function similarEvents(
    base: StoredEvent,
    limit: number = DEFAULT_SIMILAR_LIMIT,
  ): Promise<SimilarEvent[]> {
    const now = deps.clock.now();
    const upcoming = { field: 'start', op: 'range' as const, gte: upcomingCutoff(now) };
    const soonest = [{ by: 'field' as const, field: 'start', direction: 'asc' as const }];
    const queries: SearchQuery[] = [
      {
        filters: [upcoming, { field: 'category', op: 'eq', value: base.category }],
        sort: soonest,
        limit: CANDIDATES_PER_QUERY,
      },
    ];
    if (base.latitude !== null && base.longitude !== null) {
      queries.push({
        filters: [upcoming],
        near: { field: 'location', lat: base.latitude, lon: base.longitude, radiusKm: NEARBY_KM },
        sort: soonest,
        limit: CANDIDATES_PER_QUERY,
      });
    }
    if (base.city)
      queries.push({
        filters: [upcoming, { field: 'city', op: 'eq', value: base.city }],
        sort: soonest,
        limit: CANDIDATES_PER_QUERY,
      });

    const candidates = new Map<string, StoredEvent>();
    for (const query of queries) {
      const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, query);
      for (const hit of result.hits) if (hit.id !== base.id) candidates.set(hit.id, hit.source);
    }
    const similar = [...candidates.values()]
      .map((event) => ({ event, reasons: similarityReasons(base, event) }))
      .filter((c) => c.reasons.length > 0)
      .sort(
        (a, b) =>
          b.reasons.length - a.reasons.length ||
          a.event.start_utc.localeCompare(b.event.start_utc) ||
          Number(a.event.id) - Number(b.event.id),
      )
      .slice(0, Math.min(Math.max(1, Math.floor(limit)), MAX_SIMILAR_LIMIT))
      .map((c) => ({ ...toPublicEvent(c.event, now), similarity_reasons: c.reasons }));
    return deps.ratings.attach(similar);
  };
}
