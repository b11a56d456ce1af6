import { describe, expect, it } from 'vitest';
import { seededRandom } from '@evently/platform';
import { LABELLED_PAIRS } from '../../testing/labelled-match-pairs.ts';
import { EARTH_RADIUS_KM, haversineKm } from '../geo.ts';
import { sameVenue, VENUE_RADIUS_KM, type MatchCandidate } from './match-events.ts';
import { cellsNear, matchKeys } from './match-keys.ts';

/** What the matcher's reads find: the same venue key, or a cell among those near the record. */
function foundByKeys(record: MatchCandidate, other: MatchCandidate): boolean {
  const own = matchKeys(record);
  const theirs = matchKeys(other);
  if (own.match_venue !== '' && own.match_venue === theirs.match_venue) return true;
  if (record.latitude === null || record.longitude === null) return false;
  const cells = cellsNear(record.latitude, record.longitude);
  return cells === null || cells.includes(theirs.match_cell);
}

const at = (
  latitude: number | null,
  longitude: number | null,
  venue_name: string | null = null,
  city: string | null = null,
): MatchCandidate => ({
  name: 'Show',
  start_utc: '2027-06-12T19:00:00Z',
  venue_name,
  city,
  latitude,
  longitude,
});

describe('offer match keys', () => {
  it('given any two records of the same venue, then the keyed reads find one from the other', () => {
    for (const { a, b } of LABELLED_PAIRS) {
      if (sameVenue(a, b)) {
        expect(foundByKeys(a, b)).toBe(true);
        expect(foundByKeys(b, a)).toBe(true);
      }
    }
  });

  it('given points within the venue radius anywhere on the globe (antimeridian and high latitudes too), then the nearby cells hold them', () => {
    const random = seededRandom(7);
    const centres = [
      [0, 0],
      [51.5, -0.12],
      [-33.9, 151.2],
      [64.1, -21.9],
      [0.3, 179.9995],
      [-12, -179.9999],
      [84.9, 10],
      [89.99, 45],
    ];
    for (let i = 0; i < 20_000; i += 1) {
      const [lat, lon] =
        i < centres.length * 1000
          ? centres[i % centres.length]!
          : [random.next() * 170 - 85, random.next() * 360 - 180];
      // A second point up to the radius away, in a random direction (small-angle offsets, then checked exactly).
      const bearing = random.next() * 2 * Math.PI;
      const km = random.next() * VENUE_RADIUS_KM;
      let otherLat = lat! + ((km / 6371) * Math.cos(bearing) * 180) / Math.PI;
      let otherLon = lon! + ((km / 6371) * Math.sin(bearing) * 180) / Math.PI / Math.cos((lat! * Math.PI) / 180);
      if (otherLon >= 180) otherLon -= 360;
      if (otherLon < -180) otherLon += 360;
      otherLat = Math.max(-90, Math.min(90, otherLat));
      if (haversineKm(lat!, lon!, otherLat, otherLon) > VENUE_RADIUS_KM) continue;
      expect(foundByKeys(at(lat!, lon!), at(otherLat, otherLon)), `${lat},${lon} -> ${otherLat},${otherLon}`).toBe(
        true,
      );
    }
  });

  it('given points at the very edge of the radius from centres beside cell edges, then the nearby cells hold them', () => {
    const random = seededRandom(11);
    const reach = VENUE_RADIUS_KM / EARTH_RADIUS_KM;
    const degrees = (reach * 180) / Math.PI;
    // Centres whose circle just touches, or just misses, a neighbouring cell's edge (0.01 degree cells).
    const edges = [0, 51.5, -33.9, 64.1, 0.3, 179.99, -179.99];
    const centres: Array<[number, number]> = [];
    for (const base of edges)
      for (const offset of [degrees, -degrees, degrees * 0.999999, -degrees * 1.000001, 1e-12, -1e-12]) {
        const lat = Math.max(-85, Math.min(85, base + offset));
        centres.push([lat, base + offset], [lat, edges[(edges.indexOf(base) + 2) % edges.length]! + offset]);
      }
    for (const [lat, lon] of centres) {
      for (let i = 0; i < 200; i += 1) {
        // A destination on the sphere at (almost exactly) the radius: towards each edge, then in random directions.
        const bearing = i < 4 ? (i * Math.PI) / 2 : random.next() * 2 * Math.PI;
        const distance = reach * (1 - random.next() * 1e-9);
        const phi = (lat * Math.PI) / 180;
        const otherPhi = Math.asin(
          Math.sin(phi) * Math.cos(distance) + Math.cos(phi) * Math.sin(distance) * Math.cos(bearing),
        );
        const otherLambda =
          (lon * Math.PI) / 180 +
          Math.atan2(
            Math.sin(bearing) * Math.sin(distance) * Math.cos(phi),
            Math.cos(distance) - Math.sin(phi) * Math.sin(otherPhi),
          );
        const otherLat = (otherPhi * 180) / Math.PI;
        let otherLon = (otherLambda * 180) / Math.PI;
        if (otherLon >= 180) otherLon -= 360;
        if (otherLon < -180) otherLon += 360;
        if (haversineKm(lat, lon, otherLat, otherLon) > VENUE_RADIUS_KM) continue;
        expect(foundByKeys(at(lat, lon), at(otherLat, otherLon)), `${lat},${lon} -> ${otherLat},${otherLon}`).toBe(
          true,
        );
      }
    }
  });

  it('given a circle inside one cell, then that cell alone is read; across an edge, the cells on both sides', () => {
    expect(cellsNear(51.505, -0.125)).toEqual(['5150:-13']);
    expect(cellsNear(51.5, -0.125)).toEqual(['5149:-13', '5150:-13']);
    expect(cellsNear(51.5, -0.12)).toHaveLength(4);
  });

  it('given 180 and -180 degrees of longitude, then they are one cell', () => {
    expect(matchKeys(at(10, 180)).match_cell).toBe(matchKeys(at(10, -180)).match_cell);
  });

  it('given a point within a few km of a pole, then no cells are named and every record is read', () => {
    expect(cellsNear(89.999, 0)).toBeNull();
  });

  it('given no venue name or no city, then there is no venue key; without coordinates no cell', () => {
    expect(matchKeys(at(null, null, 'Arena', null))).toEqual({ match_venue: '', match_cell: '' });
    expect(matchKeys(at(null, null, 'The Arena', 'São Paulo')).match_venue).toBe(
      matchKeys(at(null, null, 'Arena', 'Sao Paulo')).match_venue,
    );
  });
});
