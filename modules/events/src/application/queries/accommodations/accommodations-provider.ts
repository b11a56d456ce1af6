/**
 * Where nearby stays come from. The embedded default reads the `stays` collection (loaded from a bundled
 * sample feed); a hotel partner's API would be another implementation of this port.
 */
import type { Accommodation } from '../../../contracts/public-event.ts';

export interface AccommodationsQuery {
  latitude: number;
  longitude: number;
  city: string | null;
  country: string | null;
  radiusKm: number;
  limit: number;
}

export interface AccommodationsProvider {
  /** Nearest first, each with `distance` in km (3 decimals), at most `limit`, none farther than `radiusKm`. */
  nearby(query: AccommodationsQuery): Promise<Accommodation[]>;
}
