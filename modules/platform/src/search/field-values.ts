/**
 * How document values are read as a field type. Values that do not fit (a word where a number belongs, an
 * unparsable date, an out-of-range coordinate) count as missing rather than failing the whole batch: the
 * index is a projection and must accept whatever the source held. Empty strings count as missing too.
 */
export interface GeoPoint {
  lat: number;
  lon: number;
}

export function asKeyword(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

export function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function asEpochMillis(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value === '') return null;
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? null : millis;
}

export function asGeoPoint(value: unknown): GeoPoint | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lon } = value as { lat?: unknown; lon?: unknown };
  if (typeof lat !== 'number' || typeof lon !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}
