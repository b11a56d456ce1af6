import { countLine, mapLoadLine } from '../../../features/home/count-line.ts';
import type { MapLoadProgress } from '../../../features/map/load-all-map-events.ts';

export interface CountInputs {
  loaded: number;
  total: number;
  /** The list has an answer (its pagination). */
  answered: boolean;
  loading: boolean;
  /** 'Show all events (map)' is loading, with its progress. */
  mapLoad: MapLoadProgress | null;
}

/** The line above the results: the map's bulk load while it runs, else how many events are shown. */
export function resultsCountText({ loaded, total, answered, loading, mapLoad }: CountInputs): string {
  if (mapLoad) return mapLoadLine(mapLoad.loaded, mapLoad.total);
  if (!answered) return 'Loading events...';
  // The empty state says it all; '0 of 0 events shown' next to 'No events found' only repeats it.
  if (loaded === 0 && !loading) return '';
  return countLine(loaded, total);
}
