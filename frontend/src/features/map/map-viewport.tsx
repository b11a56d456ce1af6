import { useEffect, useRef, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { VIEWPORT_REPORT_DEBOUNCE_MS, viewportReport, type ViewportReport } from './map-rules.ts';

function currentReport(map: L.Map): ViewportReport {
  const center = map.getCenter();
  const bounds = map.getBounds();
  return viewportReport(
    { lat: center.lat, lon: center.lng },
    { north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() },
    map.getZoom(),
  );
}

/** Reports the viewport to the page 600 ms after the map stops moving (spec 01 §7). */
export function ViewportReporter({ onReport }: { onReport: (report: ViewportReport) => void }) {
  const map = useMap();
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onReport);
  latest.current = onReport;

  const schedule = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(currentReport(map)), VIEWPORT_REPORT_DEBOUNCE_MS);
  };
  useMapEvents({ moveend: schedule, zoomend: schedule });
  useEffect(() => {
    schedule();
    return () => window.clearTimeout(timer.current);
    // The first report goes out once, when the map is ready.
  }, []);
  return null;
}

/** Clicking the map background clears the selection and the hover (spec 01 "Map"). */
export function BackgroundClick({ onClear }: { onClear: () => void }) {
  useMapEvents({ click: onClear });
  return null;
}

/** Spec 01 "Map": a small overlay with zoom, centre and focus coordinates, on by default. */
export function DebugOverlay({ focus }: { focus: { lat: number; lon: number } | null }) {
  const map = useMap();
  const [visible, setVisible] = useState(true);
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), center: map.getCenter() }));
  useMapEvents({ moveend: () => setView({ zoom: map.getZoom(), center: map.getCenter() }) });

  return (
    <div className="map-debug leaflet-control" data-testid="map-debug">
      <button type="button" className="map-debug__toggle" aria-expanded={visible} onClick={() => setVisible((v) => !v)}>
        {visible ? 'Hide debug' : 'Debug'}
      </button>
      {visible && (
        <dl>
          <dt>Zoom</dt>
          <dd>{view.zoom}</dd>
          <dt>Centre</dt>
          <dd>{view.center.lat.toFixed(5)}, {view.center.lng.toFixed(5)}</dd>
          <dt>Focus</dt>
          <dd>{focus ? `${focus.lat.toFixed(5)}, ${focus.lon.toFixed(5)}` : '—'}</dd>
        </dl>
      )}
    </div>
  );
}
