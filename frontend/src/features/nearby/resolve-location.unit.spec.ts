import { describe, expect, it } from 'vitest';
import { browserPosition, GEOLOCATION_OPTIONS, interpretIpResult } from './resolve-location.ts';

describe('IP location answers', () => {
  it('reads latitude, longitude and the cached flag', () => {
    expect(
      interpretIpResult({
        ok: true,
        body: { latitude: 48.85, longitude: 2.35, meta: { source: 'geolite2', cached: true } },
      }),
    ).toEqual({
      lat: 48.85,
      lon: 2.35,
      source: 'ip',
      cached: true,
    });
  });

  it("says 'IP lookup failed' when the call is not OK", () => {
    expect(() => interpretIpResult({ ok: false, status: 404 })).toThrow('IP lookup failed');
  });

  it("adds the server's reason in plain words", () => {
    expect(() => interpretIpResult({ ok: false, status: 404, reason: 'private_address' })).toThrow(
      'IP lookup failed: your connection comes from a private or local network address, which has no public location.',
    );
    expect(() => interpretIpResult({ ok: false, status: 404, reason: 'no_data' })).toThrow(
      'IP lookup failed: no location is known for your network address.',
    );
    expect(() => interpretIpResult({ ok: false, status: 503, reason: 'something_new' })).toThrow(/^IP lookup failed$/);
  });

  it("says 'Invalid IP response' without coordinates", () => {
    expect(() => interpretIpResult({ ok: true, body: { latitude: 10 } })).toThrow('Invalid IP response');
    expect(() => interpretIpResult({ ok: true, body: null })).toThrow('Invalid IP response');
  });

  it("passes other failures' messages on, else 'Failed to resolve location'", () => {
    expect(() => interpretIpResult({ ok: false, message: 'TypeError: Failed to fetch' })).toThrow(
      'TypeError: Failed to fetch',
    );
    expect(() => interpretIpResult({ ok: false })).toThrow('Failed to resolve location');
  });
});

describe('browser geolocation', () => {
  it('says when the visitor refused the permission, apart from other failures', async () => {
    const failing = (code: number) =>
      ({
        getCurrentPosition: (_ok: PositionCallback, error: PositionErrorCallback) =>
          error({ code, message: '' } as GeolocationPositionError),
      }) as unknown as Geolocation;
    await expect(browserPosition(failing(1))).rejects.toMatchObject({ browser: 'denied' });
    await expect(browserPosition(failing(3))).rejects.toMatchObject({ browser: 'timeout' });
  });

  it("reports 'Geolocation not supported' without the API", async () => {
    await expect(browserPosition(undefined)).rejects.toThrow('Geolocation not supported');
  });

  it('asks with low accuracy, an 8000 ms timeout and a 60000 ms cached position', async () => {
    let asked: PositionOptions | undefined;
    const geolocation = {
      getCurrentPosition: (success: PositionCallback, _error: PositionErrorCallback, options?: PositionOptions) => {
        asked = options;
        success({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
      },
    } as unknown as Geolocation;
    await expect(browserPosition(geolocation)).resolves.toEqual({ lat: 1, lon: 2, source: 'browser' });
    expect(asked).toEqual({ enableHighAccuracy: false, timeout: 8000, maximumAge: 60000 });
    expect(GEOLOCATION_OPTIONS).toEqual(asked);
  });
});
