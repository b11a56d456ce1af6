/** Distance rules of spec 01 §5. */
import type { Coordinates } from './event.ts';

export const EARTH_RADIUS_KM = 6371;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLon = toRadians(to.lon - from.lon);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Under 1 km in metres, under 10 km with one decimal, otherwise whole km. A value that rounds up to the next
 * tier's threshold (999.6 m, 9.96 km) is written in that tier so "1000 m" and "10.0 km" never appear.
 */
export function formatDistance(km: number): string {
  if (!Number.isFinite(km) || km < 0) return '';
  const metres = Math.round(km * 1000);
  if (metres < 1000) return `${metres} m`;
  const oneDecimal = Math.round(km * 10) / 10;
  if (oneDecimal < 10) return `${oneDecimal.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

/** The exact distance, shown where precision matters (tooltips, the map popup's source value). */
export function formatExactDistance(km: number): string {
  return Number.isFinite(km) ? `${km.toFixed(3)} km` : '';
}
