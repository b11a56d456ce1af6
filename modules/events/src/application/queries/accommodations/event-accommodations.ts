/**
 * GET /api/events/{id}/accommodations: stays nearest the venue. An event without coordinates is placed at
 * its city's centre when the city is known; otherwise there is nothing to be near.
 */
import type { Accommodation } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import type { AccommodationsProvider } from './accommodations-provider.ts';

export const STAYS_RADIUS_KM = 15;
export const STAYS_LIMIT = 12;

export function makeEventAccommodations(deps: {
  provider: AccommodationsProvider;
  cityCoordinates: (city: string, country?: string | null) => Promise<{ latitude: number; longitude: number } | null>;
}) {
  return async function eventAccommodations(event: StoredEvent): Promise<Accommodation[]> {
    let point =
      event.latitude !== null && event.longitude !== null
        ? { latitude: event.latitude, longitude: event.longitude }
        : null;
    if (!point && event.city) point = await deps.cityCoordinates(event.city, event.country);
    if (!point) return [];
    return deps.provider.nearby({
      ...point,
      city: event.city,
      country: event.country,
      radiusKm: STAYS_RADIUS_KM,
      limit: STAYS_LIMIT,
    });
  };
}
