/**
 * Keys stored with every event so the matcher reads only records that could share its venue, instead of
 * every live event starting within half an hour of it (hundreds at a million events, each parsed and compared:
 * loading slowed to about 100 events/s at 120,000). `sameVenue` holds only if the two records have the same
 * venue key, or both have coordinates in neighbouring grid cells, so reading those two sets finds every record
 * `compareForMatch` could accept. Pure and deterministic.
 */
import { EARTH_RADIUS_KM } from '../geo.ts';
import { VENUE_RADIUS_KM, type MatchCandidate } from './match-events.ts';
import { normalisePlace } from './normalise-text.ts';

export interface MatchKeys {
  /** Normalised venue name and city (the name rule of `sameVenue`); '' when either is empty. */
  match_venue: string;
  /** Grid cell of the coordinates, 0.01 degree a side; '' without coordinates. */
  match_cell: string;
}

/** Cells per degree: a cell (about 1.1 km of latitude) is wider than the venue radius, so few are read. */
const CELLS_PER_DEGREE = 100;
const FULL_TURN = 360 * CELLS_PER_DEGREE;
/** Past this many cells a side (within a few km of a pole) the search is not narrowed by coordinates. */
const MAX_CELLS_PER_SIDE = 50;
/**
 * Degrees added to the reach on every side (about a centimetre): far more than the rounding of the bounds and of
 * a stored point's cell, far less than a cell, so a circle inside one cell reads that cell alone.
 */
const ROUNDING_MARGIN = 1e-7;

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (value: number) => (value * Math.PI) / 180;

/** Longitude cells wrap at the antimeridian: 180 and -180 are one meridian. */
const wrapLon = (cell: number) => ((((cell + FULL_TURN / 2) % FULL_TURN) + FULL_TURN) % FULL_TURN) - FULL_TURN / 2;
const cellKey = (latCell: number, lonCell: number) => `${latCell}:${wrapLon(lonCell)}`;

export function venueKey(event: Pick<MatchCandidate, 'venue_name' | 'city'>): string {
  const venue = normalisePlace(event.venue_name);
  const city = normalisePlace(event.city);
  return venue !== '' && city !== '' ? JSON.stringify([venue, city]) : '';
}

export function matchKeys(event: Pick<MatchCandidate, 'venue_name' | 'city' | 'latitude' | 'longitude'>): MatchKeys {
  const { latitude, longitude } = event;
  const hasPoint = latitude !== null && longitude !== null;
  return {
    match_venue: venueKey(event),
    match_cell: hasPoint
      ? cellKey(Math.floor(latitude * CELLS_PER_DEGREE), Math.floor(longitude * CELLS_PER_DEGREE))
      : '',
  };
}

/**
 * Every cell that can hold a point within VENUE_RADIUS_KM of (lat, lon), or null when that circle spans too
 * many cells (near a pole). The bounds follow from the haversine formula: a distance d needs a latitude
 * difference of at most d/R, and a longitude difference of at most 2·asin(sin(d/2R) / cos φ) where φ is the
 * largest latitude in reach; a margin far below a cell's size absorbs floating-point rounding at cell edges.
 * A circle within one cell names that cell, one across an edge two or four: each is one indexed read.
 */
export function cellsNear(lat: number, lon: number): string[] | null {
  const reach = VENUE_RADIUS_KM / EARTH_RADIUS_KM;
  const latSpan = degrees(reach);
  const cosine = Math.cos(radians(Math.min(90, Math.abs(lat) + latSpan)));
  const sine = Math.sin(reach / 2);
  if (cosine <= sine) return null;
  const lonSpan = degrees(2 * Math.asin(sine / cosine));
  const latFrom = Math.floor((lat - latSpan - ROUNDING_MARGIN) * CELLS_PER_DEGREE);
  const latTo = Math.floor((lat + latSpan + ROUNDING_MARGIN) * CELLS_PER_DEGREE);
  const lonFrom = Math.floor((lon - lonSpan - ROUNDING_MARGIN) * CELLS_PER_DEGREE);
  const lonTo = Math.floor((lon + lonSpan + ROUNDING_MARGIN) * CELLS_PER_DEGREE);
  if (lonTo - lonFrom > MAX_CELLS_PER_SIDE) return null;
  const cells: string[] = [];
  for (let latCell = latFrom; latCell <= latTo; latCell += 1) {
    for (let lonCell = lonFrom; lonCell <= lonTo; lonCell += 1) cells.push(cellKey(latCell, lonCell));
  }
  return cells;
}
