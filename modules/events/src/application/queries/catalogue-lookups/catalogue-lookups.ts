/**
 * Lookups other modules use through the events module's door: the ingestion asks which external ids are
 * live (to remove what a source dropped), subscriptions ask for upcoming events near a city for digests.
 */
import type { Clock, DocumentReader, FilterClause, SearchIndex, Where } from '@evently/platform';
import type { EventRatings } from '../event-ratings/event-ratings.ts';
import type { PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { toPublicEvent } from '../../../domain/public-view.ts';
import { findCity } from '../../../infra/demo/cities.ts';
import { eventsCollection } from '../../../infra/collections.ts';
import { EVENTS_INDEX } from '../../projections/events-index.ts';

export interface UpcomingNearArgs {
  lat: number;
  lon: number;
  radiusKm: number;
  from: Date | string;
  to: Date | string;
  limit: number;
}

const PAGE = 5000;

export function makeCatalogueLookups(deps: {
  store: DocumentReader;
  search: SearchIndex;
  clock: Clock;
  ratings: EventRatings;
}) {
  return {
    /** External ids of this source's live (active) events, optionally within one country and/or city. */
    async listActiveExternalIds(source: string, scope: { country?: string; city?: string } = {}): Promise<string[]> {
      const where: Where = { source, status: 'active' };
      if (scope.country) where.country = scope.country;
      if (scope.city) where.city = scope.city;
      const ids: string[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await eventsCollection.find(deps.store, { where, skip, limit: PAGE });
        for (const event of page) ids.push(event.external_id);
        if (page.length < PAGE) return ids;
      }
    },

    /** Live events starting in [from, to) within `radiusKm`, most popular first, then soonest. */
    async upcomingNear(args: UpcomingNearArgs): Promise<PublicEvent[]> {
      const from = new Date(args.from).toISOString();
      const to = new Date(args.to).toISOString();
      const filters: FilterClause[] = [{ field: 'start', op: 'range', gte: from, lt: to }];
      const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, {
        filters,
        near: { field: 'location', lat: args.lat, lon: args.lon, radiusKm: args.radiusKm },
        sort: [
          { by: 'field', field: 'popularity', direction: 'desc' },
          { by: 'field', field: 'start', direction: 'asc' },
        ],
        limit: Math.max(1, Math.floor(args.limit)),
      });
      const now = deps.clock.now();
      return deps.ratings.attach(result.hits.map((hit) => toPublicEvent(hit.source, now, hit.distanceKm)));
    },

    /**
     * A city's centre: the bundled real-city table first, else the mean position of the catalogue's events
     * in that city (a source may list cities the table lacks); null when neither knows it.
     */
    async cityCoordinates(
      city: string,
      country?: string | null,
    ): Promise<{ latitude: number; longitude: number } | null> {
      const known = findCity(city, country);
      if (known) return { latitude: known.latitude, longitude: known.longitude };
      const filters: FilterClause[] = [
        { field: 'city', op: 'eq', value: city },
        { field: 'location', op: 'exists', exists: true },
      ];
      if (country) filters.push({ field: 'country', op: 'eq', value: country });
      const result = await deps.search.search<StoredEvent>(EVENTS_INDEX, {
        filters,
        limit: 50,
        fields: ['latitude', 'longitude'],
      });
      const points = result.hits.map((h) => h.source).filter((e) => e.latitude !== null && e.longitude !== null);
      if (points.length === 0) return null;
      const mean = (pick: (e: StoredEvent) => number) => points.reduce((sum, e) => sum + pick(e), 0) / points.length;
      return { latitude: mean((e) => e.latitude as number), longitude: mean((e) => e.longitude as number) };
    },
  };
}
