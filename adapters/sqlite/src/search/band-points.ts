/**
 * A latitude band's distinct points with how many of a filter's events sit at each (nearest-points.ts), kept
 * with the rows behind them (rids ascending, each with its point), so a write in the band is patched in from the
 * rows the commits since changed (changed-rows.ts) instead of the band being grouped again. A feed writes in
 * every city every few commits, so near me behind it grouped a city's thousands of index entries for each band
 * of its circle after nearly every commit, in every reader thread; a patch looks at the commit's rows.
 *
 * A patch takes each changed row out of its kept point and counts it again where it is now, if it is in the band
 * and meets the filters. The band test is made in memory on the changed rows as they are now; the filters are
 * tested in SQL on those few rows alone, each found by its rid, so no condition is written twice. Coordinates
 * come from SQLite as doubles both when grouping and when patching, so a row lands on its point exactly.
 *
 * Bands are kept within a byte budget, least recently used first out.
 */
import type Database from 'better-sqlite3';
import { column, geoIndex, unquoted, type IndexLayout } from './index-layout.ts';
import { parseIntegers } from './integer-list.ts';
import { onePerConnection } from './one-per-connection.ts';
import { ByteBudgetCache } from './byte-budget-cache.ts';
import { changedRowsOf, type DocsRow, type RowChanges } from './changed-rows.ts';
import { ascendingRids, inRidOrder, replaceRows } from './row-lists.ts';
import { createStatementCache } from './statement-cache.ts';
import { fromWhereSql, type MatchPlan } from './search-sql.ts';
import { bandDependencies, writeScopesOf, type ReadAt } from './write-scopes.ts';

/** Bytes of rows one connection keeps (12 a row): every row of a million-event index twice over. */
const BYTE_BUDGET = 24 * 1024 * 1024;
/** Points a band may hold: a read packs each rid with its point's index below this into one double. */
export const MOST_BAND_POINTS = 4096;

/** A point's latitude, longitude and events, in (latitude, longitude) order as SQLite groups them. */
export type BandPoint = [number, number, number];

interface KeptBand {
  at: ReadAt;
  /** Null when the band holds more points than asked for: read again after its next write. */
  rows: { rids: Int32Array; values: Float64Array } | null;
  /** Every point seen, counts included (some may have fallen to 0); `values` index into it. */
  points: BandPoint[];
  /** The points with events, as answered. */
  answer: BandPoint[] | null;
}

export interface BandPointsRequest {
  field: string;
  /** The query's filters alone (no words, no area), planned on the geo index. */
  filters: MatchPlan;
  band: [number, number];
  /** More points than this: null, left to the rings. */
  mostPoints: number;
}

export interface BandPointsCache {
  /** The band's points with events meeting the filters, or null when it holds more than `mostPoints`. */
  points(layout: IndexLayout, request: BandPointsRequest): BandPoint[] | null;
  invalidate(): void;
  /** How many bands were grouped whole and how many brought up to date from the changed rows, so far. */
  tally(): { read: number; patched: number };
}

/** One per connection, as the data version it follows is. */
export const bandPointsOf = onePerConnection(createBandPoints);

const pointKey = (lat: number, lon: number) => `${lat},${lon}`;
const byPlace = (x: BandPoint, y: BandPoint) => x[0] - y[0] || x[1] - y[1];
const sizeOf = (kept: KeptBand) => (kept.rows ? kept.rows.rids.byteLength + kept.rows.values.byteLength : 0);

/** Index of `rid` in ascending `rids`, or -1. */
function indexOf(rids: Int32Array, rid: number): number {
  let low = 0;
  let high = rids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = rids[middle]!;
    if (found === rid) return middle;
    if (found < rid) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Changed rows (each once) with a point now, in latitude order. */
interface PlacedRows {
  /** The rows whose latitude is in `[low, high)`. */
  within(low: number, high: number): number[];
}

/** The first index of ascending `lats` at or above `lat`. */
function firstAtOrAbove(lats: Float64Array, lat: number): number {
  let low = 0;
  let high = lats.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lats[middle]! < lat) low = middle + 1;
    else high = middle;
  }
  return low;
}

function placedRows(rids: readonly number[], rowNow: (rid: number) => DocsRow | null, field: string): PlacedRows {
  const latColumn = unquoted(column.lat(field));
  const lonColumn = unquoted(column.lon(field));
  const placed: Array<[number, number]> = [];
  for (const rid of rids) {
    const row = rowNow(rid);
    const lat = row?.[latColumn];
    if (typeof lat === 'number' && row![lonColumn] !== null) placed.push([lat, rid]);
  }
  placed.sort((x, y) => x[0] - y[0]);
  const lats = Float64Array.from(placed, ([lat]) => lat);
  return {
    within: (low, high) => placed.slice(firstAtOrAbove(lats, low), firstAtOrAbove(lats, high)).map(([, rid]) => rid),
  };
}

function createBandPoints(db: Database.Database): BandPointsCache {
  const statements = createStatementCache(db);
  const scopes = writeScopesOf(db);
  const changed = changedRowsOf(db);
  const kept = new ByteBudgetCache<KeptBand>(BYTE_BUDGET, sizeOf);
  const tally = { read: 0, patched: 0 };
  /**
   * The changed rows that have a place now, by latitude: every band patched after the same commits finds its own
   * with two binary searches, instead of each band testing every changed row (a feed's commit touches most
   * bands of the cities it writes in). Keyed by the changes' list of rows, which the patches after the same commits
   * share (changed-rows.ts, `since`).
   */
  const byLatitude = new WeakMap<readonly number[], Map<string, PlacedRows>>();
  const placedByLatitude = (layout: IndexLayout, changes: RowChanges, field: string): PlacedRows => {
    let fields = byLatitude.get(changes.rids);
    if (fields === undefined) byLatitude.set(changes.rids, (fields = new Map()));
    let placed = fields.get(field);
    if (placed === undefined) {
      placed = placedRows(changes.rids, changed.rowsNow(layout, changes), field);
      fields.set(field, placed);
    }
    return placed;
  };

  const bandConditions = ({ field, filters }: BandPointsRequest) => [
    `d.${column.lat(field)} >= @bandLow`,
    `d.${column.lat(field)} < @bandHigh`,
    `d.${column.lon(field)} IS NOT NULL`,
    ...filters.where,
  ];

  /** The band grouped by point, each point's rids with it; rids then sorted with their point. */
  const read = (layout: IndexLayout, request: BandPointsRequest): KeptBand => {
    const at = scopes.now(layout);
    const { field, filters, band, mostPoints } = request;
    const lat = `d.${column.lat(field)}`;
    const lon = `d.${column.lon(field)}`;
    const sql =
      `SELECT ${lat}, ${lon}, count(*), group_concat(d.rid) FROM ${filters.from} INDEXED BY ${geoIndex(layout, field)} ` +
      `WHERE ${bandConditions(request).join(' AND ')} GROUP BY 1, 2 LIMIT ${mostPoints + 1}`;
    const grouped = statements
      .prepared(sql)
      .raw()
      .all({ ...filters.params, bandLow: band[0], bandHigh: band[1] }) as Array<[number, number, number, string]>;
    if (grouped.length > Math.min(mostPoints, MOST_BAND_POINTS)) return { at, rows: null, points: [], answer: null };
    const points = grouped.map(([a, b, events]): BandPoint => [a, b, events]);
    const total = points.reduce((sum, point) => sum + point[2], 0);
    const rids = new Int32Array(total);
    const pointOf = new Float64Array(total);
    let n = 0;
    grouped.forEach(([, , events, list], point) => {
      parseIntegers(list, rids.subarray(n, n + events));
      pointOf.fill(point, n, n + events);
      n += events;
    });
    const { rids: sorted, values } = inRidOrder(rids, pointOf);
    return { at, rows: { rids: sorted, values }, points, answer: points };
  };

  /** `known` with the rows changed since taken out and counted again where they are now; null when the log cannot say. */
  const patch = db.transaction((layout: IndexLayout, request: BandPointsRequest, known: KeptBand): KeptBand | null => {
    if (known.rows === null) return null;
    const changes = changed.since(layout, known.at, false);
    if (changes === null) return null;
    const gone = ascendingRids(changes.rids);
    const points = known.points.map((point): BandPoint => [point[0], point[1], point[2]]);
    for (const rid of gone) {
      const at = indexOf(known.rows.rids, rid);
      if (at >= 0) points[known.rows.values[at]!]![2]--;
    }
    // Rows now outside the band cannot count; the rest meet the filters or not, asked of SQL for them alone.
    const [low, high] = request.band;
    const inBand = placedByLatitude(layout, changes, request.field).within(low, high);
    const added = { rids: [] as number[], values: [] as number[] };
    if (inBand.length > 0) {
      const { filters } = request;
      const found = statements
        .prepared(
          `SELECT d.rid, d.${column.lat(request.field)}, d.${column.lon(request.field)} ` +
            `FROM json_each(@changedRids) c CROSS JOIN ${filters.from} ` +
            `WHERE ${['d.rid = c.value', ...bandConditions(request)].join(' AND ')} ORDER BY d.rid`,
        )
        .raw()
        .all({
          ...filters.params,
          bandLow: low,
          bandHigh: high,
          changedRids: JSON.stringify(Array.from(inBand)),
        }) as Array<[number, number, number]>;
      const indexOfPoint = new Map(points.map((point, i) => [pointKey(point[0], point[1]), i]));
      for (const [rid, lat, lon] of found) {
        let point = indexOfPoint.get(pointKey(lat, lon));
        if (point === undefined) {
          point = points.push([lat, lon, 0]) - 1;
          indexOfPoint.set(pointKey(lat, lon), point);
        }
        points[point]![2]++;
        added.rids.push(rid);
        added.values.push(point);
      }
    }
    // Points patches added sit at the end of `points`; the answer is in place order all the same.
    const answer = points.filter((point) => point[2] > 0).sort(byPlace);
    // A band that grew past what points serve is grouped again (and found too big) after its next write.
    if (answer.length > request.mostPoints || points.length > MOST_BAND_POINTS) return null;
    const merged = replaceRows(known.rows, gone, added);
    return { at: changes.now, rows: { rids: merged.rids, values: merged.values! }, points, answer };
  });

  return {
    points(layout, request) {
      const { field, filters, band } = request;
      const key = `${layout.docs}\u0000${field}\u0000${band[0]}\u0000${fromWhereSql(filters)}\u0000${JSON.stringify(filters.params)}\u0000${request.mostPoints}`;
      const known = kept.take(key);
      if (known !== undefined) {
        if (scopes.unchanged(layout, known.at, bandDependencies(field, band[0], band[1]))) {
          kept.keep(key, known);
          return known.answer;
        }
        const patched = patch(layout, request, known);
        if (patched !== null) {
          tally.patched++;
          kept.keep(key, patched);
          return patched.answer;
        }
      }
      tally.read++;
      const grouped = read(layout, request);
      kept.keep(key, grouped);
      return grouped.answer;
    },
    invalidate() {
      kept.clear();
    },
    tally: () => ({ ...tally }),
  };
}
