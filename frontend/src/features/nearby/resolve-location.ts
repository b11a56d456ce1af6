/** Spec 01 §7: low accuracy, 8000 ms timeout, a cached position up to 60000 ms old is fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 8000, maximumAge: 60000 };

export interface ResolvedLocation {
  lat: number;
  lon: number;
  source: 'browser' | 'ip';
  cached?: boolean;
}

/** Why the browser gave no position: the visitor refused, it could not tell, or it took too long. */
export type BrowserRefusal = 'denied' | 'unavailable' | 'timeout';

export class LocationError extends Error {
  override name = 'LocationError';
  constructor(
    message: string,
    /** Set for a failure of the browser's own geolocation. */
    readonly browser?: BrowserRefusal,
  ) {
    super(message);
  }
}

/** GeolocationPositionError codes (1, 2, 3), read by number: the constants are not there outside a browser. */
const REFUSALS: Record<number, BrowserRefusal> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

export const GEOLOCATION_UNSUPPORTED = 'Geolocation not supported';

export function browserPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<ResolvedLocation> {
  if (!geolocation) return Promise.reject(new LocationError(GEOLOCATION_UNSUPPORTED));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude, source: 'browser' }),
      (error) =>
        reject(new LocationError(error.message || 'Location permission denied', REFUSALS[error.code] ?? 'unavailable')),
      GEOLOCATION_OPTIONS,
    );
  });
}

/** What one IP lookup call produced, independent of the HTTP client that made it. */
export type IpCallResult =
  { ok: true; body: unknown } | { ok: false; status?: number; message?: string; reason?: string };

/** The server's reason codes for a lookup without a position (GET /api/geo/ip), in a visitor's words. */
const IP_REASONS: Record<string, string> = {
  private_address: 'your connection comes from a private or local network address, which has no public location',
  no_data: 'no location is known for your network address',
};

/**
 * Spec 01 §8: 'IP lookup failed' for a non-OK answer, 'Invalid IP response' without coordinates. A failure the
 * server explains keeps the spec's words and adds why.
 */
export function interpretIpResult(result: IpCallResult): ResolvedLocation {
  if (!result.ok) {
    const why = result.reason ? IP_REASONS[result.reason] : undefined;
    if (typeof result.status === 'number')
      throw new LocationError(why ? `IP lookup failed: ${why}.` : 'IP lookup failed');
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
