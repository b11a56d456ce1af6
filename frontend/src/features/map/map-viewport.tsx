import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
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
  // The report goes to the page's latest handler.
  const latest = useRef(onReport);
  useLayoutEffect(() => {
    latest.current = onReport;
  });
  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(currentReport(map)), VIEWPORT_REPORT_DEBOUNCE_MS);
  }, [map]);
  useMapEvents({ moveend: schedule, zoomend: schedule });
  // The first report goes out once, when the map is ready.
  useEffect(() => {
    schedule();
    return () => window.clearTimeout(timer.current);
  }, [schedule]);
  return null;
}

/** Clicking the map background clears the selection and the hover (spec 01 "Map"). */
export function BackgroundClick({ onClear }: { onClear: () => void }) {
  useMapEvents({ click: onClear });
  return null;
}
