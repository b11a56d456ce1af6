import type { ViewMode } from '../../../features/home/focus-params.ts';

/** Spec 01 "Map heights": 650 px in map view, 750 px in split view. */
const MAP_HEIGHT = { map: 650, split: 750 } as const;
const SKELETONS = { list: 6, split: 4 } as const;

/** A phone has no room for Split: it shows the list (the visitor's choice is kept for a wider screen). */
export function effectiveView(chosen: ViewMode, narrow: boolean): ViewMode {
  return chosen === 'split' && narrow ? 'list' : chosen;
}

export function mapHeight(view: ViewMode): number {
  return view === 'split' ? MAP_HEIGHT.split : MAP_HEIGHT.map;
}

export function skeletonCount(view: ViewMode): number {
  return view === 'split' ? SKELETONS.split : SKELETONS.list;
}

/** Spec 01 §4: applying filters that carry coordinates switches the list to the map. */
export function viewForLocation(chosen: ViewMode): ViewMode {
  return chosen === 'list' ? 'map' : chosen;
}
