import { useEffect, useEffectEvent, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { ClusterGroup } from './clustered-markers.tsx';
import {
  FOCUS_POPUP_DELAY_MS,
  GEOLOCATION_MOVE_SUPPRESS_MS,
  focusZoom,
  needsFinalSnap,
  shouldSkipRepeatFocus,
  type LatLon,
} from './map-rules.ts';
import { buildSelectedPopup } from './marker-popup.ts';

export interface FocusTarget {
  id: string | null;
  lat: number;
  lon: number;
  /** When the focus was asked for; a new timestamp is a new request even for the same place. */
  at: number;
  fromGeolocation?: boolean;
}

interface Props {
  focus: FocusTarget | null;
  /** Title for the popup of a focused event that has no marker (spec: unique_title or name, else 'Selected event'). */
  focusTitle: string | null;
  markersRef: React.RefObject<Map<string, L.Marker>>;
  clusterRef: React.RefObject<ClusterGroup | null>;
  /** Shared with the automatic moves, which wait until this time has passed. */
  suppressMovesUntilRef: React.RefObject<number>;
}

/** Spec 01 §4 "Map focus": fly there, snap if needed, open the popup after about 650 ms, skip repeats. */
export function MapFocus({ focus, focusTitle, markersRef, clusterRef, suppressMovesUntilRef }: Props) {
  const map = useMap();
  const previous = useRef<LatLon | null>(null);
  // The focused event's name may arrive after the focus (it is fetched when not among the loaded events): the
  // popup reads the title as it is when it opens, and is renamed in place when it comes.
  const standalonePopup = useRef<L.Popup | null>(null);
  useEffect(() => {
    const popup = standalonePopup.current;
    if (popup?.isOpen()) popup.setContent(buildSelectedPopup(focusTitle));
  }, [focusTitle]);

  const openPopup = useEffectEvent((id: string | null, target: LatLon) => {
    const marker = id ? markersRef.current.get(id) : undefined;
    if (marker && clusterRef.current) {
      clusterRef.current.zoomToShowLayer(marker, () => marker.openPopup());
      return;
    }
    standalonePopup.current = L.popup()
      .setLatLng([target.lat, target.lon])
      .setContent(buildSelectedPopup(focusTitle))
      .openOn(map);
  });

  // Only a new focus request moves the map: each is a new object with its own timestamp, and a title arriving
  // later must not re-fly.
  useEffect(() => {
    if (!focus) return undefined;
    const target = { lat: focus.lat, lon: focus.lon };
    const center = map.getCenter();
    if (shouldSkipRepeatFocus(previous.current, target, { lat: center.lat, lon: center.lng }, map.getZoom()))
      return undefined;
    previous.current = target;
    if (focus.fromGeolocation) suppressMovesUntilRef.current = Date.now() + GEOLOCATION_MOVE_SUPPRESS_MS;

    const snap = () => {
      const now = map.getCenter();
      if (needsFinalSnap({ lat: now.lat, lon: now.lng }, target, map.getZoom())) {
        map.setView([target.lat, target.lon], focusZoom(map.getZoom()), { animate: false });
      }
    };
    map.once('moveend', snap);
    map.flyTo([target.lat, target.lon], focusZoom(map.getZoom()), { duration: 0.6 });

    const popupTimer = window.setTimeout(() => openPopup(focus.id, target), FOCUS_POPUP_DELAY_MS);

    return () => {
      window.clearTimeout(popupTimer);
      map.off('moveend', snap);
    };
  }, [focus, map, suppressMovesUntilRef]);

  return null;
}
