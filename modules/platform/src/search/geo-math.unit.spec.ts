import { describe, expect, it } from 'vitest';
import { boundsLonRanges, boxAroundCircle, squareInsideCircle } from './geo-math.ts';

/** Point reached from (lat, lon) after `km` on bearing `bearingDeg`, on the 6371 km sphere. */
function destination(lat: number, lon: number, km: number, bearingDeg: number): { lat: number; lon: number } {
  const rad = Math.PI / 180;
  const d = km / 6371;
  const b = bearingDeg * rad;
  const lat1 = lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon * rad + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lon: ((((lon2 / rad + 540) % 360) + 360) % 360) - 180 };
}

const inside = (box: ReturnType<typeof boxAroundCircle>, p: { lat: number; lon: number }) =>
  p.lat >= box.south - 1e-9 &&
  p.lat <= box.north + 1e-9 &&
  box.lonRanges.some((r) => p.lon >= r.west - 1e-9 && p.lon <= r.east + 1e-9);

describe('box around a circle', () => {
  for (const [lat, lon, km] of [
    [52.52, 13.405, 25],
    [-17, 179.5, 200],
    [64, -179.9, 100],
    [0, 0, 1],
    [-60, 170, 2000],
  ] as const) {
    it(`contains every point of the circle around (${lat}, ${lon}) with radius ${km} km`, () => {
      const box = boxAroundCircle(lat, lon, km);
      for (let bearing = 0; bearing < 360; bearing += 5)
        expect(inside(box, destination(lat, lon, km, bearing))).toBe(true);
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
    expect(boundsLonRanges(170, -170)).toEqual([
      { west: 170, east: 180 },
      { west: -180, east: -170 },
    ]);
  });
});

describe('square inside a circle', () => {
  // The SQL's formula, in JavaScript (search-sql.ts, near).
  const distanceKm = (lat1: number, lon1: number, lat2: number, lon2: number): number => {
    const rad = Math.PI / 180;
    const h =
      Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
      Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
    return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
  };

  it('holds only points within the radius: its corners and random points, from the equator to 79 degrees, 0.1 to 500 km', () => {
    let next = 7;
    const random = () => (next = (next * 48271) % 2147483647) / 2147483647;
    let checked = 0;
    for (const lat of [-79, -60, -33.9, -0.05, 0, 0.05, 12.5, 40.7, 52.52, 64.1, 78.9]) {
      for (const radiusKm of [0.1, 2, 25, 100, 250, 500]) {
        const square = squareInsideCircle(lat, 13.4, radiusKm);
        if (square === null) continue;
        const points: Array<[number, number]> = [
          [square.south, square.west],
          [square.south, square.east],
          [square.north, square.west],
          [square.north, square.east],
          ...Array.from({ length: 200 }, (): [number, number] => [
            square.south + random() * (square.north - square.south),
            square.west + random() * (square.east - square.west),
          ]),
        ];
        for (const [pLat, pLon] of points) expect(distanceKm(lat, 13.4, pLat, pLon)).toBeLessThanOrEqual(radiusKm);
        checked += points.length;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('covers most of the circle, so most points skip the distance', () => {
    const square = squareInsideCircle(52.52, 13.405, 25)!;
    // The inscribed square is 2/pi of the circle's area; the margin takes 4 % of that.
    const sideKm = (square.north - square.south) * 111.195;
    expect(sideKm).toBeGreaterThan(0.97 * 25 * Math.SQRT2);
  });

  it('offers none for large circles, near the poles or across the antimeridian', () => {
    expect(squareInsideCircle(52.5, 13.4, 501)).toBeNull();
    expect(squareInsideCircle(80.5, 13.4, 10)).toBeNull();
    expect(squareInsideCircle(-10, 179.99, 25)).toBeNull();
    expect(squareInsideCircle(-10, -179.99, 25)).toBeNull();
    expect(squareInsideCircle(52.5, 13.4, 0)).toBeNull();
  });
});
