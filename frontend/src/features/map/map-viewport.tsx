import { useEffect, useRef } from 'react';
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
