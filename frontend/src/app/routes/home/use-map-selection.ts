import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetEventQuery } from '../../../features/event-page/api.ts';
import { hasFocus, type FocusParams, type ViewMode } from '../../../features/home/focus-params.ts';
import type { FocusTarget } from '../../../features/map/map-focus.tsx';
import type { VisitorEvent } from '../../../lib/format/event.ts';
import { arrivalFocus, findLoaded, focusOnEvent } from './map-focus-target.ts';

interface Options {
  focusParams: FocusParams;
  /** The list's events, then the full map data's. */
  loaded: readonly [VisitorEvent[], VisitorEvent[]];
  shownView: ViewMode;
  setView: (view: ViewMode) => void;
}

/**
 * Which event is selected, hovered and focused on the map, and the scroll that brings the map into view. A
 * focus from the address (spec 01 "Home") scrolls to the map on arrival; a focus_event without coordinates is
 * resolved once the event appears among the loaded ones.
 */
export function useMapSelection({ focusParams, loaded, shownView, setView }: Options) {
  const [selectedId, setSelectedId] = useState<string | null>(focusParams.focusEvent);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(() => arrivalFocus(focusParams, Date.now()));
  const pendingFocusEvent = useRef<string | null>(focus ? null : focusParams.focusEvent);
  const mapSectionRef = useRef<HTMLDivElement>(null);

  // A scroll request waits for the render that puts the map on screen (it may be switching from the list).
  const scrollRequested = useRef(hasFocus(focusParams));
  useEffect(() => {
    if (!scrollRequested.current || !mapSectionRef.current) return;
    scrollRequested.current = false;
    mapSectionRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
  });

  const [listEvents, mapEvents] = loaded;
  useEffect(() => {
    const wanted = pendingFocusEvent.current;
    if (!wanted) return;
    const found = findLoaded(wanted, listEvents, mapEvents);
    const target = found ? focusOnEvent(found, Date.now()) : null;
    if (!target) return;
    pendingFocusEvent.current = null;
    setFocus(target);
  }, [listEvents, mapEvents]);

  const showOnMap = useCallback(
    (event: VisitorEvent) => {
      const target = focusOnEvent(event, Date.now());
      if (!target) return;
      setSelectedId(target.id);
      setFocus(target);
      // In list mode selecting switches to the map; in map or split it only focuses and scrolls.
      if (shownView === 'list') setView('map');
      scrollRequested.current = true;
    },
    [shownView, setView],
  );

  const reset = useCallback(() => {
    setSelectedId(null);
    setFocus(null);
  }, []);

  const loadedSelection = selectedId ? findLoaded(selectedId, listEvents, mapEvents) : undefined;
  // A focused event outside the loaded lists (a shared link, a map-only marker) is fetched so its name shows
  // instead of the spec's last-resort 'Selected event'.
  const fetched = useGetEventQuery(selectedId ?? '', { skip: !selectedId || loadedSelection !== undefined });
  const selectedEvent =
    loadedSelection ?? (selectedId && String(fetched.data?.id) === selectedId ? fetched.data : undefined);

  return {
    selectedId,
    setSelectedId,
    hoveredId,
    setHoveredId,
    focus,
    selectedEvent,
    showOnMap,
    reset,
    mapSectionRef,
  };
}
