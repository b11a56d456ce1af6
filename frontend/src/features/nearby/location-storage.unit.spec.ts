import { describe, expect, it } from 'vitest';
import { parseStoredLocation, toStoredLocation } from './location-storage.ts';

describe('stored location', () => {
  it('keeps lat and lon to 6 decimals with source, timestamp and a clamped radius', () => {
    expect(toStoredLocation(52.123456789, 13.987654321, 'ip', 500, 1700000000000)).toEqual({
      lat: 52.123457,
      lon: 13.987654,
      source: 'ip',
      timestamp: 1700000000000,
      radius_km: 100,
    });
  });

  it('reads back what it wrote', () => {
    const stored = toStoredLocation(40.4168, -3.7038, 'browser', 25, 1);
    expect(parseStoredLocation(JSON.stringify(stored))).toEqual(stored);
  });

  it.each(['', 'not json', '{"lat":"x","lon":1}', '{"lat":95,"lon":1}'])('ignores the broken entry %j', (raw) => {
    expect(parseStoredLocation(raw)).toBeNull();
  });
});
