/**
 * Events per map cell and start day, kept by triggers (as facet-counts.ts keeps keyword counts), so a map box's
 * count of "upcoming" events does not walk every event in the box. A continent-sized box holds a large share of
 * the geo index, and a city's box reads every event of its latitude band around the world; the "upcoming"
 * cutoff moves each minute, so each of those counts went cold once a minute.
 *
 * One row per (latitude cell, longitude cell, start day) with its events. A box's count with `date >= cutoff`
 * is then three exact parts:
 * - the cells wholly inside the box, from the day after the cutoff's day (or from its day): a read of this table;
 * - the box's edges (the events in the box outside those cells), from the same day: read on the geo index, only in
 *   the latitude bands where the table says an edge cell holds events (a box's edges rarely cross a city);
 * - the cutoff's own day up to (or from) the cutoff: the date index's slice of at most half a day, whose entries
 *   hold the point, so each is tested against the box in the entry.
 * The first two depend on the day, not the minute, and are kept in the count cache until the next write.
 *
 * A point's cell and a start's day are computed by the same SQL expression in the triggers and in the queries
 * (`cellSql`, `daySql`), so which cell a row is in never depends on rounding on either side; only the choice of
 * inner cells (wholly inside the box) is made here, with a margin far above a double's error.
 */
import type { FilterClause, SearchQuery } from '@evently/platform';
import { boundsLonRanges, asEpochMillis } from '@evently/platform/adapter-kit';
import { column, dateIndex, geoIndex, type AreaCountTable, type IndexLayout } from './index-layout.ts';
import type { CountCache } from './count-cache.ts';
import type { StatementCache } from './statement-cache.ts';
import { queryDependencies } from './write-scopes.ts';

/** Cells of a tenth of a degree (11 km of latitude): the edge bands read a tenth of a degree around the world. */
export const CELLS_PER_DEGREE = 10;
export const DAY_MS = 86_400_000;
/** Inner cells stay this far (in cells) inside the box, far above the rounding of `lat * 10`. */
const MARGIN = 1e-6;
/** Latitude slack of a band read, in degrees: the exact cell test follows. */
const BAND_SLACK = 1e-9;

export const cellSql = (value: string): string => `CAST(floor(${value} * ${CELLS_PER_DEGREE}) AS INTEGER)`;
export const daySql = (value: string): string => `CAST(floor(${value} / ${DAY_MS}.0) AS INTEGER)`;

/** The table, its triggers and whether it needs a backfill (the caller fills it when it is new). */
export function areaCountsSql(layout: IndexLayout): string[] {
  return layout.areaCounts.flatMap((area) => {
    const name = area.table.slice(1, -1);
    const lat = (row: string) => `${row}.${column.lat(area.geo)}`;
    const lon = (row: string) => `${row}.${column.lon(area.geo)}`;
    const date = (row: string) => `${row}.${column.date(area.date)}`;
    const present = (row: string) => `${lat(row)} IS NOT NULL AND ${lon(row)} IS NOT NULL AND ${date(row)} IS NOT NULL`;
    const add =
      `INSERT INTO ${area.table} (lat_cell, lon_cell, day, n) SELECT ${cellSql(lat('new'))}, ${cellSql(lon('new'))}, ${daySql(date('new'))}, 1` +
      ` WHERE ${present('new')} ON CONFLICT (lat_cell, lon_cell, day) DO UPDATE SET n = n + 1;`;
    const remove =
      `UPDATE ${area.table} SET n = n - 1 WHERE ${present('old')} AND lat_cell = ${cellSql(lat('old'))}` +
      ` AND lon_cell = ${cellSql(lon('old'))} AND day = ${daySql(date('old'))};`;
    const moved = `${lat('old')} IS NOT ${lat('new')} OR ${lon('old')} IS NOT ${lon('new')} OR ${date('old')} IS NOT ${date('new')}`;
    return [
      `CREATE TABLE IF NOT EXISTS ${area.table} (lat_cell INTEGER NOT NULL, lon_cell INTEGER NOT NULL, day INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (lat_cell, lon_cell, day)) WITHOUT ROWID`,
      `CREATE TRIGGER IF NOT EXISTS "${name}_insert" AFTER INSERT ON ${layout.docs} BEGIN ${add} END`,
      `CREATE TRIGGER IF NOT EXISTS "${name}_delete" AFTER DELETE ON ${layout.docs} BEGIN ${remove} END`,
      `CREATE TRIGGER IF NOT EXISTS "${name}_update" AFTER UPDATE ON ${layout.docs} WHEN ${moved} BEGIN ${remove} ${add} END`,
    ];
  });
}

/** Fills empty cell tables from the docs rows: for indexes that predate them and after a bulk load. */
export function backfillAreaCountsSql(area: AreaCountTable, layout: IndexLayout): string {
  const lat = `d.${column.lat(area.geo)}`;
  const lon = `d.${column.lon(area.geo)}`;
  const date = `d.${column.date(area.date)}`;
  return (
    `INSERT INTO ${area.table} (lat_cell, lon_cell, day, n) SELECT ${cellSql(lat)}, ${cellSql(lon)}, ${daySql(date)}, count(*)` +
    ` FROM ${layout.docs} d WHERE ${lat} IS NOT NULL AND ${lon} IS NOT NULL AND ${date} IS NOT NULL GROUP BY 1, 2, 3`
  );
}

/** Cells wholly inside `[low, high]` degrees: `[first, last]`, empty when first > last. */
export function innerCells(low: number, high: number): [number, number] {
  const first = Math.floor(low * CELLS_PER_DEGREE + MARGIN) + 1;
  const last = Math.floor(high * CELLS_PER_DEGREE - MARGIN) - 1;
  return [first, last];
}

/** `filters` when they are one lower bound on a date field (the upcoming listings): the field and cutoff (`strict`: "> cutoff"). */
export function dateCutoff(
  layout: IndexLayout,
  filters: FilterClause[],
): { field: string; cutoff: number; strict: boolean } | null {
  const only = filters[0];
  if (filters.length !== 1 || only?.op !== 'range' || layout.schema.fields[only.field]?.type !== 'date') return null;
  if (only.lt !== undefined || only.lte !== undefined || (only.gte === undefined) === (only.gt === undefined))
    return null;
  const cutoff = asEpochMillis(only.gte ?? only.gt);
  return cutoff === null ? null : { field: only.field, cutoff, strict: only.gt !== undefined };
}

/**
 * How a cutoff's day is split: the rows from day `wholeFrom` on (kept across minutes), corrected by the part of
 * the cutoff's day on its nearer side, `[sliceFrom, sliceTo)` (`]` when `sliceToIncluded`), subtracted or added.
 * With `strict` and the cutoff in the day's later half, the rows exactly at the cutoff are subtracted too
 * (`exactlyAt`).
 */
export function splitCutoff(
  cutoff: number,
  strict: boolean,
): {
  wholeFrom: number;
  sliceFrom: number;
  sliceTo: number;
  sliceToIncluded: boolean;
  sign: 1 | -1;
  exactlyAt: boolean;
} {
  const day = Math.floor(cutoff / DAY_MS);
  if (cutoff - day * DAY_MS <= DAY_MS / 2) {
    return {
      wholeFrom: day,
      sliceFrom: day * DAY_MS,
      sliceTo: cutoff,
      sliceToIncluded: strict,
      sign: -1,
      exactlyAt: false,
    };
  }
  return {
    wholeFrom: day + 1,
    sliceFrom: cutoff,
    sliceTo: (day + 1) * DAY_MS,
    sliceToIncluded: false,
    sign: 1,
    exactlyAt: strict,
  };
}

/** The box's field pair and the cutoff of a query this module counts, or null (then the caller counts its rows). */
export function countedArea(
  layout: IndexLayout,
  query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>,
): { area: AreaCountTable; cutoff: number; strict: boolean } | null {
  const bounds = query.bounds;
  if (!bounds || query.near || query.text !== undefined) return null;
  const bound = dateCutoff(layout, query.filters ?? []);
  const area =
    bound && layout.areaCounts.find((candidate) => candidate.geo === bounds.field && candidate.date === bound.field);
  return bound && area ? { area, cutoff: bound.cutoff, strict: bound.strict } : null;
}

export interface AreaCounts {
  /** The box's count of rows with the date at or after the cutoff, or null when the query is not one this counts. */
  count(layout: IndexLayout, query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>): number | null;
}

export function createAreaCounts(statements: StatementCache, counts: CountCache): AreaCounts {
  const present = new Map<string, boolean>();
  /** Whether the table exists (an index opened by code from before it has none until `init`). */
  const exists = (area: AreaCountTable): boolean => {
    const name = area.table.slice(1, -1);
    let found = present.get(name);
    if (found === undefined) {
      found =
        statements.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
      if (found) present.set(name, true);
    }
    return found;
  };

  return {
    count(layout, query) {
      const counted = countedArea(layout, query);
      if (counted === null || !query.bounds) return null;
      const { area, cutoff, strict } = counted;
      const { south, north, west, east } = query.bounds;
      const ranges = boundsLonRanges(west, east);
      // A box across the antimeridian is two boxes; rare enough to be counted row by row.
      if (ranges.length !== 1 || !(south <= north)) return null;
      const [latFirst, latLast] = innerCells(south, north);
      const [lonFirst, lonLast] = innerCells(west, east);
      if (latFirst > latLast || lonFirst > lonLast || !exists(area)) return null;

      const lat = `d.${column.lat(area.geo)}`;
      const lon = `d.${column.lon(area.geo)}`;
      const date = `d.${column.date(area.date)}`;
      const box = { south, north, west, east };
      // Kept until a write touches the box's cells (write-scopes.ts).
      const scope = { layout, dependencies: queryDependencies(layout, { bounds: query.bounds }, null) };
      const inBox = `${lat} BETWEEN @south AND @north AND ${lon} BETWEEN @west AND @east`;
      const inner = { latFirst, latLast, lonFirst, lonLast };
      const lats = JSON.stringify(Array.from({ length: latLast - latFirst + 1 }, (_, i) => latFirst + i));
      const outsideInner = `NOT (${cellSql(lat)} BETWEEN @latFirst AND @latLast AND ${cellSql(lon)} BETWEEN @lonFirst AND @lonLast)`;

      /** The box's rows from day `day` on: inner cells from the table, edges from the geo index. */
      const fromDay = (day: number): number => {
        // One seek per latitude cell (`IN`), not a range over every longitude of the band.
        const cellsSql =
          `SELECT coalesce(sum(n), 0) FROM ${area.table} WHERE lat_cell IN (SELECT value FROM json_each(@lats))` +
          ` AND lon_cell BETWEEN @lonFirst AND @lonLast AND day >= @day`;
        const cells = statements.prepared(cellsSql).pluck().get({ lats, lonFirst, lonLast, day }) as number;
        // Latitude cells whose edge cells (the box's cells outside the inner ones) hold rows from that day on: the
        // edges are read on the geo index only there, in runs of consecutive cells.
        const edgesSql =
          `SELECT DISTINCT lat_cell FROM ${area.table} WHERE lat_cell IN (SELECT value FROM json_each(@edgeLats)) AND day >= @day AND n > 0` +
          ` AND lon_cell BETWEEN @westCell AND @eastCell AND NOT (lat_cell BETWEEN @latFirst AND @latLast AND lon_cell BETWEEN @lonFirst AND @lonLast) ORDER BY 1`;
        const southCell = Math.floor(south * CELLS_PER_DEGREE) - 1;
        const edgeLats = JSON.stringify(
          Array.from({ length: Math.floor(north * CELLS_PER_DEGREE) + 2 - southCell }, (_, i) => southCell + i),
        );
        const westCell = Math.floor(west * CELLS_PER_DEGREE) - 1;
        const eastCell = Math.floor(east * CELLS_PER_DEGREE) + 1;
        const edgeCells = statements
          .prepared(edgesSql)
          .pluck()
          .all({ ...inner, edgeLats, day, westCell, eastCell }) as number[];
        const bands: Array<[number, number]> = [];
        for (const cell of edgeCells) {
          const previous = bands[bands.length - 1];
          if (previous && cell === previous[1] + 1) previous[1] = cell;
          else bands.push([cell, cell]);
        }
        // The band's latitudes clipped to the box are the only latitude bounds: given the box's too, SQLite may
        // range the index on those (the whole box) and test the band on every entry.
        const edgeSql =
          `SELECT count(*) FROM ${layout.docs} d INDEXED BY ${geoIndex(layout, area.geo)} WHERE ${lat} BETWEEN @bandLow AND @bandHigh` +
          ` AND ${cellSql(lat)} BETWEEN @bandFirst AND @bandLast AND ${lon} BETWEEN @west AND @east AND ${outsideInner} AND ${date} >= @from`;
        let edges = 0;
        for (const [bandFirst, bandLast] of bands) {
          const params = {
            west,
            east,
            ...inner,
            bandFirst,
            bandLast,
            bandLow: Math.max(south, bandFirst / CELLS_PER_DEGREE - BAND_SLACK),
            bandHigh: Math.min(north, (bandLast + 1) / CELLS_PER_DEGREE + BAND_SLACK),
            from: day * DAY_MS,
          };
          edges += statements.prepared(edgeSql).pluck().get(params) as number;
        }
        return cells + edges;
      };

      /** The box's rows with the date from `from` to `to` (`op` says how `to` bounds), read on the date index (its entries hold the point). */
      const slice = (from: number, op: '<' | '<=', to: number): number => {
        const sql = `SELECT count(*) FROM ${layout.docs} d INDEXED BY ${dateIndex(layout, area.date)} WHERE ${date} >= @from AND ${date} ${op} @to AND ${inBox}`;
        const params = { ...box, from, to };
        return counts.get(sql, params, () => statements.prepared(sql).pluck().get(params) as number, scope);
      };

      // The cutoff's day is counted from its nearer end: at most half a day of the date index.
      const split = splitCutoff(cutoff, strict);
      const whole = counts.get(
        `area:${area.table}`,
        { ...box, day: split.wholeFrom },
        () => fromDay(split.wholeFrom),
        scope,
      );
      const part = slice(split.sliceFrom, split.sliceToIncluded ? '<=' : '<', split.sliceTo);
      return whole + split.sign * part - (split.exactlyAt ? slice(cutoff, '<=', cutoff) : 0);
    },
  };
}
