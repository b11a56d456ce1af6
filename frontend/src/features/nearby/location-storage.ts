import { clampRadius } from './radius.ts';

export type LocationSource = 'browser' | 'ip';

/** Spec 01 §3 "Stored location": lat, lon (6 decimals), source, timestamp, radius_km. */
export interface StoredLocation {
  lat: number;
  lon: number;
  source: LocationSource;
  timestamp: number;
  radius_km: number;
}

/** The key carries a version suffix so a future shape change can ignore old entries. */
export const LOCATION_STORAGE_KEY = 'evently.nearby_location.v1';
export const LEGEND_DISMISSED_KEY = 'evently.distance_legend_dismissed.v1';

export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function toStoredLocation(
  lat: number,
  lon: number,
  source: LocationSource,
  radiusKm: number,
  now = Date.now(),
): StoredLocation {
  return { lat: round6(lat), lon: round6(lon), source, timestamp: now, radius_km: clampRadius(radiusKm) };
}

export function parseStoredLocation(raw: string | null): StoredLocation | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredLocation>;
    const lat = Number(value.lat);
    const lon = Number(value.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    const source: LocationSource = value.source === 'ip' ? 'ip' : 'browser';
    return toStoredLocation(lat, lon, source, clampRadius(value.radius_km), Number(value.timestamp) || 0);
  } catch {
    return null;
  }
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function loadLocation(): StoredLocation | null {
  return parseStoredLocation(storage()?.getItem(LOCATION_STORAGE_KEY) ?? null);
}

export function saveLocation(location: StoredLocation | null): void {
  try {
    if (location) storage()?.setItem(LOCATION_STORAGE_KEY, JSON.stringify(location));
    else storage()?.removeItem(LOCATION_STORAGE_KEY);
  } catch {
    // Storage may be full or refused; the location then lasts for this visit only.
  }
}

export function isLegendDismissed(): boolean {
  try {
    return storage()?.getItem(LEGEND_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberLegendDismissed(): void {
  try {
    storage()?.setItem(LEGEND_DISMISSED_KEY, '1');
  } catch {
    // Without storage the legend will simply show again next visit.
  }
}
