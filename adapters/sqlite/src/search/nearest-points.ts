/**
 * Nearest first, read point by point. Events share their venue's coordinates: at a million generated events a
 * city's 12,000 upcoming events sit on 8 points, and a real city's on its few hundred venues. Every event at one
 * point is at the same distance, so the circle's points with their event counts give both the total (their sum)
 * and the points a page's rows come from (the nearest until they hold offset + limit rows, plus any at the
 * distance of the last). The page then reads only those points' rows, by equality on the geo index, instead of
 * computing a distance for each of a ring's thousands of rows and sorting them (nearest-rings.ts, the fallback).
 *
 * Points are read per latitude band (every longitude) and filter set, and kept with the rows behind them
 * (band-points.ts): visitors' locations vary, the venues around them do not, so nearby centres share their
 * bands, and a write in a band is patched in rather than the band grouped again.
 * Distances are computed by SQLite with the row-by-row page's own expression (`haversineKmSql`), so the page
 * and the total are the ones that page and count give, double for double.
 */
import type { SearchQuery } from '@evently/platform';
import { boxAroundCircle, type CircleBox } from '@evently/platform/adapter-kit';
import { column, dateIndex, geoIndex, type IndexLayout } from './index-layout.ts';
import { DAY_MS, dateCutoff, splitCutoff } from './area-counts.ts';
import { MOST_BAND_POINTS, type BandPointsCache, type BandPoint } from './band-points.ts';
import { haversineKmSql, planMatch, type MatchPlan, type Params } from './search-sql.ts';
import type { CountCache } from './count-cache.ts';
import type { StatementCache } from './statement-cache.ts';
import { bandDependencies } from './write-scopes.ts';

/** Band height: a 25 km circle spans 5 or 6 bands, each read once per write for every centre inside it. */
export const BAND_DEGREES = 0.1;
/** Bands with more distinct points (events spread out, each at its own place) are left to the rings. */
export const MAX_BAND_POINTS = MOST_BAND_POINTS;
/** Pages that need more points than this (deep offsets over spread events) are left to the rings. */
export const MAX_PAGE_POINTS = 1024;
/** More points in the circle's box than this are left to the rings (three bound values each, under SQLite's 32,766). */
export const MAX_CANDIDATES = 4096;
/** One point's rows are kept for pages up to this deep (a visitor's first pages); deeper ones are read each time. */
const MOST_KEPT_POINT_ROWS = 200;

/** One distinct location and how many of the query's events are there. */
export interface NearPoint {
  lat: number;
  lon: number;
  events: number;
  distanceKm: number;
}

/** Latitude bands `[low, high)` covering south..north; edges are `i * BAND_DEGREES`, computed the same way every time. */
export function bandsCovering(south: number, north: number): Array<[number, number]> {
  const bands: Array<[number, number]> = [];
  for (let i = Math.floor(south / BAND_DEGREES); i * BAND_DEGREES <= north; i++)
    bands.push([i * BAND_DEGREES, (i + 1) * BAND_DEGREES]);
  return bands;
}

/** The box test of the row-by-row plan (`BETWEEN` on latitude and each longitude range), on a point. */
export function insideBox(lat: number, lon: number, box: CircleBox): boolean {
  return lat >= box.south && lat <= box.north && box.lonRanges.some((range) => lon >= range.west && lon <= range.east);
}

/**
 * The nearest points holding at least `rowsNeeded` events, plus every further point at the same distance as the
 * last one taken (their rows interleave by the later sort keys); `nearest` is sorted by distance.
 */
export function pagePoints(nearest: NearPoint[], rowsNeeded: number): NearPoint[] {
  let rows = 0;
  let taken = 0;
  while (taken < nearest.length && rows < rowsNeeded) rows += nearest[taken++]!.events;
  while (taken > 0 && taken < nearest.length && nearest[taken]!.distanceKm === nearest[taken - 1]!.distanceKm) taken++;
  return nearest.slice(0, taken);
}

/** Statement sizes grow in powers of two, so a few prepared statements serve every list length. */
export function paddedLength(length: number): number {
  let size = 8;
  while (size < length) size *= 2;
  return size;
}

/** A row of a page read from one point: its rid, its id key and the point's distance. */
export interface PointRow {
  rid: number;
  idKey: number | string;
  dist: number;
}

export interface NearestPointsPage {
  total: number;
  /** The page's plan: the chosen points joined to their rows; `distance` is each point's computed distance. */
  plan: MatchPlan;
  /**
   * The first `rowsNeeded` rows themselves (or all there are), when the page is in (distance, id) order, one of
   * the first pages, and they all sit at the nearest point: kept for every centre that point is nearest to
   * (`lastPointRows`). Else null.
   */
  rows: PointRow[] | null;
}

export interface NearestPoints {
  /** The total and a plan for the first `rowsNeeded` rows nearest first, or null when rings serve it better. */
  page(layout: IndexLayout, query: SearchQuery, rowsNeeded: number): NearestPointsPage | null;
  /** How many times one point's first rows were read from the index, so far. */
  tally(): { pointRowsRead: number };
}

export function createNearestPoints(
  statements: StatementCache,
  counts: CountCache,
  bands: BandPointsCache,
): NearestPoints {
  const tally = { pointRowsRead: 0 };
  /** Distinct points of one band with their events meeting `filters`; null when there are too many. */
  const bandPoints = (
    layout: IndexLayout,
    field: string,
    filters: MatchPlan,
    band: [number, number],
  ): BandPoint[] | null => bands.points(layout, { field, filters, band, mostPoints: MAX_BAND_POINTS });

  /**
   * A band's points for "date >= cutoff" alone (the upcoming listings), from the points of whole days on (kept in
   * the count cache across minutes) corrected by the cutoff's part of its day, read on the date index (its entries
   * hold the point): the cutoff moves every minute, and each move made every band of every circle a read of the
   * geo index again. Same points and counts as `bandPoints` with the cutoff, in the same (latitude, longitude) order.
   */
  const upcomingBandPoints = (
    layout: IndexLayout,
    field: string,
    upcoming: { field: string; cutoff: number; strict: boolean },
    band: [number, number],
  ): BandPoint[] | null => {
    const split = splitCutoff(upcoming.cutoff, upcoming.strict);
    const fromDay = planMatch(
      layout,
      { filters: [{ field: upcoming.field, op: 'range', gte: split.wholeFrom * DAY_MS }] },
      null,
      false,
      { geoIndex: true },
    );
    const whole = bandPoints(layout, field, fromDay, band);
    if (whole === null) return null;
    const lat = `d.${column.lat(field)}`;
    const lon = `d.${column.lon(field)}`;
    const date = `d.${column.date(upcoming.field)}`;
    // The slice's points of every band at once: read once per cutoff, not once per band of every circle.
    const slice = (from: number, op: '<' | '<=', to: number): Array<[number, number, number]> => {
      const sql =
        `SELECT ${lat}, ${lon}, count(*) FROM ${layout.docs} d INDEXED BY ${dateIndex(layout, upcoming.field)} ` +
        `WHERE ${date} >= @from AND ${date} ${op} @to AND ${lat} IS NOT NULL AND ${lon} IS NOT NULL GROUP BY 1, 2`;
      const params = { from, to };
      const points = counts.get(
        sql,
        params,
        () => statements.prepared(sql).raw().all(params) as Array<[number, number, number]>,
      );
      return points.filter((point) => point[0] >= band[0] && point[0] < band[1]);
    };
    const events = new Map<string, [number, number, number]>(whole.map(([a, b, n]) => [`${a},${b}`, [a, b, n]]));
    const apply = (rows: Array<[number, number, number]>, sign: 1 | -1) => {
      for (const [a, b, n] of rows) {
        const key = `${a},${b}`;
        const held = events.get(key);
        if (held) held[2] += sign * n;
        else events.set(key, [a, b, sign * n]);
      }
    };
    apply(slice(split.sliceFrom, split.sliceToIncluded ? '<=' : '<', split.sliceTo), split.sign);
    if (split.exactlyAt) apply(slice(upcoming.cutoff, '<=', upcoming.cutoff), -1);
    const points = [...events.values()].filter((point) => point[2] > 0).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    return points.length > MAX_BAND_POINTS ? null : points;
  };

  /** The candidates within the radius, nearest first, with SQLite's distances. */
  const withinRadius = (
    near: NonNullable<SearchQuery['near']>,
    candidates: Array<[number, number, number]>,
  ): NearPoint[] => {
    const size = paddedLength(candidates.length);
    const params: Params = { radiusKm: near.radiusKm };
    const rows: string[] = [];
    for (let i = 0; i < size; i++) {
      const [lat, lon, events] = candidates[i] ?? [null, null, null];
      Object.assign(params, { [`a${i}`]: lat, [`b${i}`]: lon, [`c${i}`]: events });
      rows.push(`(@a${i}, @b${i}, @c${i})`);
    }
    let next = 0;
    const distance = haversineKmSql('column1', 'column2', near.lat, near.lon, (value) => {
      params[`h${next}`] = value;
      return `@h${next++}`;
    });
    const sql =
      `SELECT lat, lon, events, distance_km FROM (SELECT column1 AS lat, column2 AS lon, column3 AS events, ${distance} AS distance_km ` +
      `FROM (VALUES ${rows.join(', ')})) WHERE distance_km <= @radiusKm ORDER BY distance_km`;
    return (statements.prepared(sql).raw().all(params) as Array<[number, number, number, number]>).map(
      ([lat, lon, events, distanceKm]) => ({ lat, lon, events, distanceKm }),
    );
  };

  /** The chosen points joined to their rows on the geo index; the outer loop stays on the points (CROSS JOIN). */
  const pointsPlan = (layout: IndexLayout, field: string, filters: MatchPlan, points: NearPoint[]): MatchPlan => {
    const size = paddedLength(points.length);
    const params: Params = { ...filters.params };
    const rows: string[] = [];
    for (let i = 0; i < size; i++) {
      const point = points[i];
      Object.assign(params, {
        [`pa${i}`]: point?.lat ?? null,
        [`pb${i}`]: point?.lon ?? null,
        [`pc${i}`]: point?.distanceKm ?? null,
      });
      rows.push(`(@pa${i}, @pb${i}, @pc${i})`);
    }
    const from =
      `(VALUES ${rows.join(', ')}) p CROSS JOIN ${filters.from} INDEXED BY ${geoIndex(layout, field)} ` +
      `ON d.${column.lat(field)} = p.column1 AND d.${column.lon(field)} = p.column2`;
    return { from, where: filters.where, params, distance: 'p.column3', score: null };
  };

  /**
   * The first `@lastRows` rows at the point (`@lastLat`, `@lastLon`) meeting the filters, in id order (the geo
   * index's order at one point): rid, id key and `extra`. Only what a page's order and answer read, which the geo
   * index covers, so no row of the table is visited.
   */
  const lastPointSql = (layout: IndexLayout, field: string, filters: MatchPlan, extra: string): string => {
    const where = [`d.${column.lat(field)} = @lastLat`, `d.${column.lon(field)} = @lastLon`, ...filters.where];
    return (
      `SELECT d.rid, d.id_key${extra} FROM ${filters.from} INDEXED BY ${geoIndex(layout, field)} ` +
      `WHERE ${where.join(' AND ')} ORDER BY d.id_key LIMIT @lastRows`
    );
  };
  const lastPointParams = (filters: MatchPlan, point: NearPoint, rows: number): Params => ({
    ...filters.params,
    lastLat: point.lat,
    lastLon: point.lon,
    lastRows: rows,
  });

  /**
   * The same rows when the farthest chosen point alone holds more than the page still needs (a venue with
   * thousands of events): its rows come after every nearer point's, in id order, which is the geo index's order
   * at one point, so only its first `rest` rows are read (`ORDER BY id_key LIMIT`), not all of them sorted. Null
   * when it holds no more than that, or another point is at the same distance (their rows interleave by id).
   */
  const cappedLastPointPlan = (
    layout: IndexLayout,
    field: string,
    filters: MatchPlan,
    points: NearPoint[],
    rowsNeeded: number,
  ): MatchPlan | null => {
    const last = points.at(-1);
    if (!last || points.filter((point) => point.distanceKm === last.distanceKm).length > 1) return null;
    const nearer = points.slice(0, -1);
    const rest = rowsNeeded - nearer.reduce((sum, point) => sum + point.events, 0);
    if (last.events <= rest) return null;
    const lastRows = `SELECT * FROM (${lastPointSql(layout, field, filters, ', @lastDistance AS point_km')})`;
    const params: Params = { ...lastPointParams(filters, last, rest), lastDistance: last.distanceKm };
    let union = lastRows;
    if (nearer.length > 0) {
      const joined = pointsPlan(layout, field, filters, nearer);
      Object.assign(params, joined.params);
      const conditions = joined.where.length > 0 ? ` WHERE ${joined.where.join(' AND ')}` : '';
      union = `SELECT d.rid, d.id_key, p.column3 AS point_km FROM ${joined.from}${conditions} UNION ALL ${lastRows}`;
    }
    return { from: `(${union}) d`, where: [], params, distance: 'd.point_km', score: null };
  };

  /**
   * The first `rows` rows at one point meeting the filters, in id order (the geo index's order at a point), as
   * [rid, id key]. Nearby centres ask for the same point's rows (each visitor's location differs, the venue nearest
   * to them does not), and only the distance differs, so the rows are kept until a write in the point's band:
   * reading a hundred of them cost about as much as the rest of the page.
   */
  const lastPointRows = (
    layout: IndexLayout,
    field: string,
    filters: MatchPlan,
    point: NearPoint,
    rows: number,
  ): Array<[number, number | string]> => {
    const sql = lastPointSql(layout, field, filters, '');
    const params = lastPointParams(filters, point, rows);
    const read = () => {
      tally.pointRowsRead++;
      return statements.prepared(sql).raw().all(params) as Array<[number, number | string]>;
    };
    return counts.get(sql, params, read, { layout, dependencies: bandDependencies(field, point.lat, point.lat) });
  };

  return {
    tally: () => ({ ...tally }),
    page(layout, query, rowsNeeded) {
      const near = query.near;
      if (!near || query.bounds || query.text !== undefined) return null;
      // The query's filters alone; the circle is tested per point here.
      const filters = planMatch(layout, { filters: query.filters ?? [] }, null, false, { geoIndex: true });
      const box = boxAroundCircle(near.lat, near.lon, near.radiusKm);
      const upcoming = dateCutoff(layout, query.filters ?? []);
      const candidates: Array<[number, number, number]> = [];
      for (const band of bandsCovering(box.south, box.north)) {
        const points = upcoming
          ? upcomingBandPoints(layout, near.field, upcoming, band)
          : bandPoints(layout, near.field, filters, band);
        if (points === null) return null;
        for (const point of points) if (insideBox(point[0], point[1], box)) candidates.push(point);
      }
      if (candidates.length > MAX_CANDIDATES) return null;
      const nearest = withinRadius(near, candidates);
      const chosen = pagePoints(nearest, rowsNeeded);
      if (chosen.length > MAX_PAGE_POINTS) return null;
      const total = nearest.reduce((sum, point) => sum + point.events, 0);
      // Rows at one point are in id order on the geo index, which is the page's order there only when the distance
      // is the one sort key (the id breaks its ties); a later key (a date) orders them otherwise.
      const idBreaksTies = (query.sort ?? []).filter((clause) => clause.by !== 'relevance').length === 1;
      const capped = idBreaksTies ? cappedLastPointPlan(layout, near.field, filters, chosen, rowsNeeded) : null;
      const plan = capped ?? pointsPlan(layout, near.field, filters, chosen);
      const only = chosen.length === 1 && idBreaksTies && rowsNeeded <= MOST_KEPT_POINT_ROWS ? chosen[0]! : null;
      const rows = only
        ? lastPointRows(layout, near.field, filters, only, rowsNeeded).map(([rid, idKey]): PointRow => ({
            rid,
            idKey,
            dist: only.distanceKm,
          }))
        : null;
      return { total, plan, rows };
    },
  };
}
