import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import { Icon } from '../../components/icon/icon.tsx';
import { readStoredFlag, writeStoredFlag } from '../../lib/dom/stored-flag.ts';

/** A visitor who hides the overlay keeps it hidden on later visits. */
export const MAP_DEBUG_HIDDEN_KEY = 'evently.map_debug_hidden.v1';

export const readDebugHidden = (storage?: Pick<Storage, 'getItem'>): boolean =>
  readStoredFlag(MAP_DEBUG_HIDDEN_KEY, storage);

export const writeDebugHidden = (hidden: boolean, storage?: Pick<Storage, 'setItem'>): void =>
  writeStoredFlag(MAP_DEBUG_HIDDEN_KEY, hidden, storage);

interface MapView {
  zoom: number;
  lat: number;
  lon: number;
}

function viewOf(map: L.Map): MapView {
  const center = map.getCenter();
  return { zoom: map.getZoom(), lat: center.lat, lon: center.lng };
}

const sameView = (a: MapView, b: MapView) => a.zoom === b.zoom && a.lat === b.lat && a.lon === b.lon;
const zoomText = (zoom: number) => (Number.isInteger(zoom) ? String(zoom) : zoom.toFixed(2));

/**
 * Spec 01 "Map": a small overlay with zoom, centre and focus coordinates, on by default. It reads the map on
 * every move and zoom step (at most once a frame) and once when it starts listening, so a fit made before it
 * listened, or one animated across frames, never leaves an old value on screen. One compact line; the visitor
 * may hide it, and that choice is remembered.
 */
export function DebugOverlay({ focus }: { focus: { lat: number; lon: number } | null }) {
  const map = useMap();
  const [visible, setVisible] = useState(() => !readDebugHidden());
  const [view, setView] = useState(() => viewOf(map));

  useEffect(() => {
    if (!visible) return undefined;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = viewOf(map);
        setView((current) => (sameView(current, next) ? current : next));
      });
    };
    const events = 'move zoom moveend zoomend viewreset resize';
    map.on(events, update);
    update();
    return () => {
      map.off(events, update);
      cancelAnimationFrame(frame);
    };
  }, [map, visible]);

  const show = (next: boolean) => {
    setVisible(next);
    writeDebugHidden(!next);
  };

  if (!visible) {
    return (
      <div className="map-debug map-debug--hidden leaflet-control">
        <button type="button" className="map-debug__toggle" onClick={() => show(true)} aria-label="Show map debug info">
          Debug
        </button>
      </div>
    );
  }
  return (
    <div className="map-debug leaflet-control" data-testid="map-debug">
      <dl>
        <dt>Zoom</dt>
        <dd>{zoomText(view.zoom)}</dd>
        <dt>Centre</dt>
        <dd>
          {view.lat.toFixed(5)}, {view.lon.toFixed(5)}
        </dd>
        <dt>Focus</dt>
        <dd>{focus ? `${focus.lat.toFixed(5)}, ${focus.lon.toFixed(5)}` : '—'}</dd>
      </dl>
      <button type="button" className="map-debug__close" onClick={() => show(false)} aria-label="Hide map debug info">
        <Icon name="close" />
      </button>
    </div>
  );
}
