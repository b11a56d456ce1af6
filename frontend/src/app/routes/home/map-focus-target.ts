import type { FocusParams } from '../../../features/home/focus-params.ts';
import type { FocusTarget } from '../../../features/map/map-focus.tsx';
import { eventCoordinates, type VisitorEvent } from '../../../lib/format/event.ts';

/** The focus the address asked for with coordinates; a focus_event alone waits for its event to load. */
export function arrivalFocus(params: FocusParams, now: number): FocusTarget | null {
  return params.focusLat !== null && params.focusLon !== null
    ? { id: params.focusEvent, lat: params.focusLat, lon: params.focusLon, at: now }
    : null;
}

/** A focus on one event where it takes place; none for an event without coordinates. */
export function focusOnEvent(event: VisitorEvent, now: number): FocusTarget | null {
  const at = eventCoordinates(event);
  return at ? { id: String(event.id), lat: at.lat, lon: at.lon, at: now } : null;
}

/** The loaded event with this id, from the list first, then the full map data. */
export function findLoaded(id: string, ...lists: readonly VisitorEvent[][]): VisitorEvent | undefined {
  for (const list of lists) {
    const found = list.find((event) => String(event.id) === id);
    if (found) return found;
  }
  return undefined;
}
