import { describe, expect, it } from 'vitest';
import { BAND_DEGREES, bandsCovering, insideBox, pagePoints, paddedLength, type NearPoint } from './nearest-points.ts';

const point = (distanceKm: number, events: number): NearPoint => ({ lat: distanceKm, lon: 0, events, distanceKm });

describe('nearest points', () => {
  it('cover a latitude span with adjacent bands whose edges are computed one way', () => {
    const bands = bandsCovering(52.3, 52.75);
    expect(bands[0]![0]).toBeLessThanOrEqual(52.3);
    expect(bands.at(-1)![1]).toBeGreaterThan(52.75);
    for (let i = 1; i < bands.length; i++) expect(bands[i]![0]).toBe(bands[i - 1]![1]);
    expect(bands.every(([low, high]) => high - low < BAND_DEGREES * 1.0001)).toBe(true);
    expect(bandsCovering(-0.05, 0.05).map(([low]) => low)).toEqual([-BAND_DEGREES, 0]);
  });

  it('take the nearest points until they hold the rows, then every point tied with the last', () => {
    const nearest = [point(1, 5), point(2, 10), point(3, 1), point(3, 4), point(4, 100)];
    expect(pagePoints(nearest, 5)).toHaveLength(1);
    expect(pagePoints(nearest, 6)).toHaveLength(2);
    // The third point completes 16 rows; the fourth is at the same distance, so its rows may come first by id.
    expect(pagePoints(nearest, 16)).toHaveLength(4);
    expect(pagePoints(nearest, 1000)).toHaveLength(5);
    expect(pagePoints([], 10)).toEqual([]);
  });

  it('test the box the row-by-row plan tests, on both sides of the antimeridian', () => {
    const box = {
      south: -20,
      north: -15,
      lonRanges: [
        { west: 178, east: 180 },
        { west: -180, east: -179 },
      ],
    };
    expect(insideBox(-18, 179.5, box)).toBe(true);
    expect(insideBox(-18, -179.5, box)).toBe(true);
    expect(insideBox(-18, 0, box)).toBe(false);
    expect(insideBox(-14.9, 179.5, box)).toBe(false);
  });

  it('pad lists to powers of two from eight', () => {
    expect([0, 1, 8, 9, 100, 1024, 1025].map(paddedLength)).toEqual([8, 8, 8, 16, 128, 1024, 2048]);
  });
});
