import { describe, expect, it } from 'vitest';
import { boundsLonRanges, boxAroundCircle } from './geo-math.ts';

/** Point reached from (lat, lon) after `km` on bearing `bearingDeg`, on the 6371 km sphere. */
function destination(lat: number, lon: number, km: number, bearingDeg: number): { lat: number; lon: number } {
  const rad = Math.PI / 180;
  const d = km / 6371;
  const b = bearingDeg * rad;
  const lat1 = lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon * rad + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lon: ((((lon2 / rad + 540) % 360) + 360) % 360) - 180 };
}

const inside = (box: ReturnType<typeof boxAroundCircle>, p: { lat: number; lon: number }) =>
  p.lat >= box.south - 1e-9 && p.lat <= box.north + 1e-9 && box.lonRanges.some((r) => p.lon >= r.west - 1e-9 && p.lon <= r.east + 1e-9);

describe('box around a circle', () => {
  for (const [lat, lon, km] of [[52.52, 13.405, 25], [-17, 179.5, 200], [64, -179.9, 100], [0, 0, 1], [-60, 170, 2000]] as const) {
    it(`contains every point of the circle around (${lat}, ${lon}) with radius ${km} km`, () => {
      const box = boxAroundCircle(lat, lon, km);
      for (let bearing = 0; bearing < 360; bearing += 5) expect(inside(box, destination(lat, lon, km, bearing))).toBe(true);
    });
  }

  it('splits at the antimeridian into two longitude ranges', () => {
    const box = boxAroundCircle(-17, 179.5, 200);
    expect(box.lonRanges).toHaveLength(2);
    expect(box.lonRanges[0]!.east).toBe(180);
    expect(box.lonRanges[1]!.west).toBe(-180);
  });

  it('takes every longitude when the circle reaches a pole', () => {
    expect(boxAroundCircle(89.5, 10, 100)).toMatchObject({ north: 90, lonRanges: [{ west: -180, east: 180 }] });
  });

  it('is tight: a 25 km circle at the equator spans about 0.45 degrees', () => {
    const box = boxAroundCircle(0, 0, 25);
    expect(box.north - box.south).toBeCloseTo((2 * 25 * 180) / (Math.PI * 6371), 9);
    expect(box.lonRanges).toEqual([{ west: expect.closeTo(-0.2248, 3), east: expect.closeTo(0.2248, 3) }]);
  });
});

describe('bounds longitude ranges', () => {
  it('one range normally, two when west > east', () => {
    expect(boundsLonRanges(0, 15)).toEqual([{ west: 0, east: 15 }]);
    expect(boundsLonRanges(170, -170)).toEqual([{ west: 170, east: 180 }, { west: -180, east: -170 }]);
  });
});
