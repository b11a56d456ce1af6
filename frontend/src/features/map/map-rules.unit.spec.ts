import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  needsFinalSnap,
  requestBounds,
  shouldSkipRepeatFocus,
  viewportReport,
  wrapLongitude,
} from './map-rules.ts';

const paris = { lat: 48.8566, lon: 2.3522 };

describe('map rules', () => {
  it('measures great-circle distance with the 6371 km earth radius', () => {
    // Paris to London is about 343.5 km on a 6371 km sphere.
    expect(distanceMeters(paris, { lat: 51.5074, lon: -0.1278 }) / 1000).toBeCloseTo(343.5, 0);
  });

  it('skips a repeated focus within 80 m when the map is already there at zoom 11 or more', () => {
    const near = { lat: paris.lat + 0.0005, lon: paris.lon };
    expect(shouldSkipRepeatFocus(paris, near, paris, 12)).toBe(true);
    expect(shouldSkipRepeatFocus(paris, near, paris, 10)).toBe(false);
    expect(shouldSkipRepeatFocus(paris, { lat: paris.lat + 0.01, lon: paris.lon }, paris, 12)).toBe(false);
    expect(shouldSkipRepeatFocus(null, paris, paris, 14)).toBe(false);
  });

  it('snaps after the flight when still over 60 m away or below zoom 12', () => {
    expect(needsFinalSnap(paris, paris, 12)).toBe(false);
    expect(needsFinalSnap(paris, paris, 11)).toBe(true);
    expect(needsFinalSnap({ lat: paris.lat + 0.001, lon: paris.lon }, paris, 13)).toBe(true);
  });

  it('rounds viewport reports to 5 decimals', () => {
    const report = viewportReport(
      { lat: 1.123456789, lon: 2.987654321 },
      { north: 3.333333333, south: 1, east: 4.4444449, west: 2 },
      7,
    );
    expect(report).toEqual({
      center: { lat: 1.12346, lon: 2.98765 },
      bounds: { north: 3.33333, south: 1, east: 4.44444, west: 2 },
      zoom: 7,
    });
  });

  it('wraps longitudes into [-180, 180] and widens world-sized bounds', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(requestBounds({ north: 80, south: -80, east: 400, west: -300 })).toEqual({
      north: 80,
      south: -80,
      east: 180,
      west: -180,
    });
  });
});
