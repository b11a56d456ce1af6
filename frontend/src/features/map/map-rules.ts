/** Map constants and pure rules from spec 01 §4 and §9, kept apart from Leaflet so they are unit-testable. */
export const DEFAULT_CENTER: [number, number] = [20, 0];
export const DEFAULT_ZOOM = 2;
export const USER_LOCATION_ZOOM = 9;
export const USER_LOCATION_MIN_ZOOM = 7;
export const FIT_BOUNDS_PADDING_PX = 40;
export const FIT_BOUNDS_MAX_ZOOM = 11;
export const FOCUS_MIN_ZOOM = 12;
export const CLUSTER_RADIUS_PX = 50;
export const CLUSTERING_OFF_AT_ZOOM = 12;
export const FOCUS_SNAP_DISTANCE_M = 60;
export const FOCUS_REPEAT_DISTANCE_M = 80;
export const FOCUS_REPEAT_MIN_ZOOM = 11;
export const FOCUS_POPUP_DELAY_MS = 650;
/** Automatic moves pause this long after a geolocation focus (the spec gives about 1.2 to 1.4 s). */
export const GEOLOCATION_MOVE_SUPPRESS_MS = 1300;
export const VIEWPORT_REPORT_DEBOUNCE_MS = 600;

const EARTH_RADIUS_KM = 6371;

export interface LatLon {
  lat: number;
  lon: number;
}

/** Great-circle distance in metres (haversine, earth radius 6371 km). */
export function distanceMeters(a: LatLon, b: LatLon): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A repeated focus on the same target is skipped when the map is already there (within 80 m, zoom >= 11). */
export function shouldSkipRepeatFocus(previous: LatLon | null, target: LatLon, center: LatLon, zoom: number): boolean {
  if (!previous) return false;
  return (
    distanceMeters(previous, target) <= FOCUS_REPEAT_DISTANCE_M &&
    distanceMeters(center, target) <= FOCUS_REPEAT_DISTANCE_M &&
    zoom >= FOCUS_REPEAT_MIN_ZOOM
  );
}

/** After the fly-to, snap to the target if the map stopped more than 60 m away or below zoom 12. */
export function needsFinalSnap(center: LatLon, target: LatLon, zoom: number): boolean {
  return distanceMeters(center, target) > FOCUS_SNAP_DISTANCE_M || zoom < FOCUS_MIN_ZOOM;
}

export function focusZoom(currentZoom: number): number {
  return Math.max(currentZoom, FOCUS_MIN_ZOOM);
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

export interface ViewportReport {
  center: LatLon;
  bounds: { north: number; south: number; east: number; west: number };
  zoom: number;
}

/** Spec 01 §3 "Viewport report": every number rounded to 5 decimals. */
export function viewportReport(center: LatLon, bounds: ViewportReport['bounds'], zoom: number): ViewportReport {
  return {
    center: { lat: round5(center.lat), lon: round5(center.lon) },
    bounds: {
      north: round5(bounds.north),
      south: round5(bounds.south),
      east: round5(bounds.east),
      west: round5(bounds.west),
    },
    zoom: round5(zoom),
  };
}

/** Longitudes from Leaflet's bounds can run past ±180 after panning around the world; the API wants [-180, 180]. */
export function wrapLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Bounds wider than the world mean "everything": the request then carries the whole longitude range. */
export function requestBounds(bounds: ViewportReport['bounds']): ViewportReport['bounds'] {
  if (bounds.east - bounds.west >= 360) return { ...bounds, west: -180, east: 180 };
  return { ...bounds, west: wrapLongitude(bounds.west), east: wrapLongitude(bounds.east) };
}
