/**
 * Spherical geometry shared by the search adapters: the earth radius the product promises (6371 km) and the
 * lat/lon box that surely contains a circle, used to prefilter before the exact great-circle test.
 */
export const EARTH_RADIUS_KM = 6371;

export interface LonRange {
  west: number;
  east: number;
}

export interface CircleBox {
  south: number;
  north: number;
  /** One range, or two when the circle crosses the antimeridian. */
  lonRanges: LonRange[];
}

const toDegrees = (radians: number): number => (radians * 180) / Math.PI;
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Smallest lat/lon box containing every point within `radiusKm` of (lat, lon). */
export function boxAroundCircle(lat: number, lon: number, radiusKm: number): CircleBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const south = lat - toDegrees(angular);
  const north = lat + toDegrees(angular);
  if (south <= -90 || north >= 90 || angular >= Math.PI / 2) {
    // The circle contains a pole: every longitude is reachable.
    return { south: Math.max(south, -90), north: Math.min(north, 90), lonRanges: [{ west: -180, east: 180 }] };
  }
  // Widest longitude offset of a circle on a sphere (reached north of the equator-side tangent point).
  const ratio = Math.sin(angular) / Math.cos(toRadians(lat));
  const deltaLon = ratio >= 1 ? 180 : toDegrees(Math.asin(ratio));
  const west = lon - deltaLon;
  const east = lon + deltaLon;
  if (deltaLon >= 180) return { south, north, lonRanges: [{ west: -180, east: 180 }] };
  if (west < -180) return { south, north, lonRanges: [{ west: west + 360, east: 180 }, { west: -180, east }] };
  if (east > 180) return { south, north, lonRanges: [{ west, east: 180 }, { west: -180, east: east - 360 }] };
  return { south, north, lonRanges: [{ west, east }] };
}

/** Longitude ranges of a bounds box; `west > east` crosses the antimeridian and gives two ranges. */
export function boundsLonRanges(west: number, east: number): LonRange[] {
  return west <= east ? [{ west, east }] : [{ west, east: 180 }, { west: -180, east }];
}
