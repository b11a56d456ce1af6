import { useCallback, useRef } from 'react';
import { loadLocation, saveLocation, toStoredLocation } from '../../../features/nearby/location-storage.ts';
import type { ResolvedLocation } from '../../../features/nearby/resolve-location.ts';
import { useNearbyLocation } from '../../../features/nearby/use-nearby-location.ts';
import { viewForLocation } from './home-view.ts';
import {
  DATE_SORT,
  locationOf,
  sortBeforeLocation,
  withLocation,
  withoutLocation,
  type PreviousSort,
} from './near-me-filters.ts';
import type { SearchState } from './use-search-state.ts';

/**
 * Near me on the home page: a location found sorts the search by distance and shows the map; clearing it gives
 * the earlier sort back; the radius and the location are remembered on this device.
 */
export function useNearMe({ arrival, setFilters, setView }: Pick<SearchState, 'arrival' | 'setFilters' | 'setView'>) {
  const previousSort = useRef<PreviousSort>(DATE_SORT);

  const applyLocation = useCallback(
    (resolved: ResolvedLocation) => {
      setFilters((current) => {
        previousSort.current = sortBeforeLocation(current, previousSort.current);
        saveLocation(toStoredLocation(resolved.lat, resolved.lon, resolved.source, current.nearby_radius_km));
        return withLocation(current, resolved);
      });
      setView(viewForLocation);
    },
    [setFilters, setView],
  );
  const nearby = useNearbyLocation(applyLocation, locationOf(arrival.search.filters, arrival.storedLocation));

  const { clear: clearNearby } = nearby;
  const clear = useCallback(() => {
    clearNearby();
    saveLocation(null);
    setFilters((current) => withoutLocation(current, previousSort.current));
  }, [clearNearby, setFilters]);

  const changeRadius = useCallback(
    (radiusKm: number) =>
      setFilters((current) => {
        if (current.latitude !== null && current.longitude !== null) {
          const stored = loadLocation();
          saveLocation(toStoredLocation(current.latitude, current.longitude, stored?.source ?? 'browser', radiusKm));
        }
        return { ...current, nearby_radius_km: radiusKm };
      }),
    [setFilters],
  );

  return { nearby, clear, changeRadius };
}
