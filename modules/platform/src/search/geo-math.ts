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
  if (west < -180)
    return {
      south,
      north,
      lonRanges: [
        { west: west + 360, east: 180 },
        { west: -180, east },
      ],
    };
  if (east > 180)
    return {
      south,
      north,
      lonRanges: [
        { west, east: 180 },
        { west: -180, east: east - 360 },
      ],
    };
  return { south, north, lonRanges: [{ west, east }] };
}

/** Longitude ranges of a bounds box; `west > east` crosses the antimeridian and gives two ranges. */
export function boundsLonRanges(west: number, east: number): LonRange[] {
  return west <= east
    ? [{ west, east }]
    : [
        { west, east: 180 },
        { west: -180, east },
      ];
}

export interface LatLonSquare {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** Largest radius the inner square is offered for: its margin is proven for circles this small (below). */
const SQUARE_MAX_RADIUS_KM = 500;
/** Points at most this far from the antimeridian or the poles' caps get no square: not worth the edge cases. */
const SQUARE_MAX_LATITUDE = 80;

/**
 * A latitude/longitude rectangle inside the circle, so "within r" needs no distance for the points in it (a
 * circle's count at a million events computed 12,400 distances; most of its events lie near the centre).
 * Half-sides: a = 0.98 r / (R sqrt 2) in latitude and a / cos(phi) in longitude, phi the rectangle's latitude
 * nearest the equator. For any point in it the haversine term is at most sin^2(a/2) + (a/2)^2 <= a^2 / 2, so
 * its distance is at most 2R asin(a / sqrt 2) = 2R asin(0.49 r / R), under 0.981 r for r <= 500 km.
 * Null when the circle is larger, near a pole, or the rectangle would cross the antimeridian.
 */
export function squareInsideCircle(lat: number, lon: number, radiusKm: number): LatLonSquare | null {
  if (!(radiusKm > 0) || radiusKm > SQUARE_MAX_RADIUS_KM) return null;
  const half = (0.98 * radiusKm) / EARTH_RADIUS_KM / Math.SQRT2;
  const south = lat - toDegrees(half);
  const north = lat + toDegrees(half);
  if (south < -SQUARE_MAX_LATITUDE || north > SQUARE_MAX_LATITUDE) return null;
  const nearestEquator = south <= 0 && north >= 0 ? 0 : Math.min(Math.abs(south), Math.abs(north));
  const deltaLon = toDegrees(half / Math.cos(toRadians(nearestEquator)));
  const west = lon - deltaLon;
  const east = lon + deltaLon;
  if (west < -180 || east > 180) return null;
  return { south, north, west, east };
}
