/** Spec 01 §7: low accuracy, 8000 ms timeout, a cached position up to 60000 ms old is fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 8000, maximumAge: 60000 };

export interface ResolvedLocation {
  lat: number;
  lon: number;
  source: 'browser' | 'ip';
  cached?: boolean;
}

export class LocationError extends Error {
  override name = 'LocationError';
}

export const GEOLOCATION_UNSUPPORTED = 'Geolocation not supported';

export function browserPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<ResolvedLocation> {
  if (!geolocation) return Promise.reject(new LocationError(GEOLOCATION_UNSUPPORTED));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude, source: 'browser' }),
      (error) => reject(new LocationError(error.message || 'Location permission denied')),
      GEOLOCATION_OPTIONS,
    );
  });
}

/** What one IP lookup call produced, independent of the HTTP client that made it. */
export type IpCallResult = { ok: true; body: unknown } | { ok: false; status?: number; message?: string };

/** Spec 01 §8: 'IP lookup failed' for a non-OK answer, 'Invalid IP response' without coordinates. */
export function interpretIpResult(result: IpCallResult): ResolvedLocation {
  if (!result.ok) {
    if (typeof result.status === 'number') throw new LocationError('IP lookup failed');
    throw new LocationError(result.message?.trim() || 'Failed to resolve location');
  }
  const body = result.body as { latitude?: unknown; longitude?: unknown; meta?: { cached?: unknown } } | null;
  const lat = Number(body?.latitude);
  const lon = Number(body?.longitude);
  if (body?.latitude == null || body.longitude == null || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    throw new LocationError('Invalid IP response');
  }
  return { lat, lon, source: 'ip', cached: body.meta?.cached === true };
}
