import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, formatDistance, formatExactDistance, haversineKm } from './distance.ts';

describe('distance display (spec 01 §5)', () => {
  it('shows metres under 1 km', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(0.4567)).toBe('457 m');
    expect(formatDistance(0.999)).toBe('999 m');
  });

  it('shows one decimal from 1 km to under 10 km', () => {
    expect(formatDistance(1)).toBe('1.0 km');
    expect(formatDistance(2.345)).toBe('2.3 km');
    expect(formatDistance(9.94)).toBe('9.9 km');
  });

  it('shows whole km from 10 km', () => {
    expect(formatDistance(10)).toBe('10 km');
    expect(formatDistance(24.6)).toBe('25 km');
  });

  it('moves a value that rounds up to the next threshold into the next tier', () => {
    expect(formatDistance(0.9996)).toBe('1.0 km');
    expect(formatDistance(9.96)).toBe('10 km');
  });

  it('gives the exact distance with 3 decimals', () => {
    expect(formatExactDistance(2.34567)).toBe('2.346 km');
    expect(formatExactDistance(10)).toBe('10.000 km');
  });

  it('computes great-circle distances with an earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 0 })).toBe(0);
    // A quarter of the equator is exactly R * pi / 2.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo((6371 * Math.PI) / 2, 6);
    // Paris to London, a well-known ~343.5 km with R = 6371.
    expect(haversineKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.56, 1);
  });
});
