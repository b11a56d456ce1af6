/**
 * What each write touched, so a kept answer stays valid across writes that cannot change it. A write names the
 * scopes its documents fall in, before and after the change: every keyword value (`k:city:paris`), the map
 * cells of each point at three sizes and its latitude band, and the first three letters of every word of its
 * text. A commit stores each touched scope with the commit's sequence number in the layout's `touched` table.
 *
 * A kept answer records the sequence it was read at and its dependencies: alternatives, each a list of
 * scopes. It is still valid when, for one alternative, no scope was touched since: a query's matches all lie in
 * its city, so no write outside the city can change its count, and equally none without one of its words. An
 * answer that depends on anything names `*`, which every write touches.
 *
 * Answers over the whole index follow what a write changed rather than where: each number and date value
 * is noted in its bucket (`v:price:12`, the integer part; a date's day; `v:price:none` without one), so the
 * rows below an "upcoming" cutoff depend only on the buckets up to the cutoff's (`v:start:<=20454`), and a
 * min/max only on writes at or beyond its bounds; a keyword field's values as a whole (`c:city`) are noted
 * only by a write that adds, removes or changes one.
 *
 * Keyword values and cells come from temporary triggers on the writing connection (a scope is noted once per
 * transaction in a temporary table, which costs the main file nothing) and words from the writer, which has
 * the text. Words are bucketed by their first three letters, folded as the full-text index folds them; a word
 * starting with a letter this cannot fold for sure is noted as `w:~`, on which every word dependency also
 * depends, so such a write invalidates every kept match rather than risk a stale one.
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { column } from './index-layout.ts';
import type { IndexDocument, SearchQuery } from '@evently/platform';
import { foldKeyword, boundsLonRanges } from '@evently/platform/adapter-kit';
import { onePerConnection } from './one-per-connection.ts';

/** Alternatives of scopes; an answer is valid while every scope of one alternative is untouched. */
export type Dependencies = readonly (readonly string[])[];

export const ANY_WRITE: Dependencies = [['*']];
/** Touched by a word this cannot bucket for sure: part of every word dependency. */
const UNSURE_WORD = 'w:~';
/** Width of a value bucket: a whole number, a day of a date. */
const DAY_MS = 86_400_000;
const bucketWidth = (type: 'number' | 'date'): number => (type === 'date' ? DAY_MS : 1);
/** Cell sizes of the map scopes, as cells per degree: a tenth of a degree, a degree, ten degrees. */
const CELL_SIZES = [10, 1, 0.1] as const;
/** A box or circle names at most this many cells (at the finest size that stays within it), else no cells. */
const MAX_CELLS = 64;

const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** The layout's tables: the scopes with the sequence of their last write, and the sequence itself. */
export function touchedTablesSql(layout: IndexLayout): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${layout.touched} (scope TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID`,
    `CREATE INDEX IF NOT EXISTS "${layout.touched.slice(1, -1)}_by_seq" ON ${layout.touched} (seq)`,
    `CREATE TABLE IF NOT EXISTS ${layout.touchedSeq} (one INTEGER PRIMARY KEY CHECK (one = 1), seq INTEGER NOT NULL)`,
    `INSERT OR IGNORE INTO ${layout.touchedSeq} (one, seq) VALUES (1, 0)`,
  ];
}

/** The cell of `value` degrees at `perDegree` cells a degree, the same in SQL and in `cellOf`. */
const cellSql = (value: string, perDegree: number): string => `CAST(floor(${value} * ${perDegree}) AS INTEGER)`;
const cellOf = (value: number, perDegree: number): number => Math.floor(value * perDegree);

/** Scopes of one docs row (`new` or `old`) as SQL text expressions; NULL where the row has no value. */
function rowScopesSql(layout: IndexLayout, row: 'new' | 'old'): string[] {
  const scopes: string[] = [];
  for (const [field, spec] of Object.entries(layout.schema.fields)) {
    if (spec.type === 'keyword') scopes.push(`${literal(`k:${field}:`)} || ${row}.${column.keywordLower(field)}`);
    if (spec.type !== 'geo') continue;
    const lat = `${row}.${column.lat(field)}`;
    const lon = `${row}.${column.lon(field)}`;
    for (const size of CELL_SIZES)
      scopes.push(`${literal(`g:${field}:${size}:`)} || ${cellSql(lat, size)} || ':' || ${cellSql(lon, size)}`);
    scopes.push(`${literal(`b:${field}:`)} || ${cellSql(lat, CELL_SIZES[0])}`);
  }
  for (const [field, type] of valueFields(layout)) {
    const value = `${row}.${type === 'date' ? column.date(field) : column.number(field)}`;
    scopes.push(
      `${literal(`v:${field}:`)} || coalesce(CAST(floor(${value} / ${bucketWidth(type)}.0) AS INTEGER), 'none')`,
    );
  }
  return scopes;
}

/** The number and date fields, whose values are noted by bucket. */
function valueFields(layout: IndexLayout): Array<[string, 'number' | 'date']> {
  return Object.entries(layout.schema.fields).flatMap(([field, spec]) =>
    spec.type === 'number' || spec.type === 'date' ? [[field, spec.type] as [string, 'number' | 'date']] : [],
  );
}

/** `c:<field>` for each keyword field a write adds, removes or changes a value of (NULL where it does not). */
function keywordChangeScopesSql(layout: IndexLayout, change: 'insert' | 'delete' | 'update'): string[] {
  return Object.entries(layout.schema.fields)
    .filter(([, spec]) => spec.type === 'keyword')
    .map(([field]) => {
      const raw = column.keywordRaw(field);
      const when =
        change === 'update'
          ? `old.${raw} IS NOT new.${raw}`
          : `${change === 'insert' ? 'new' : 'old'}.${raw} IS NOT NULL`;
      return `CASE WHEN ${when} THEN ${literal(`c:${field}`)} END`;
    });
}

/** The writing connection's note of this transaction's scopes, and its triggers on the layout's docs table. */
export function noteScopesSql(layout: IndexLayout): string[] {
  const name = `${layout.touched.slice(1, -1)}_note`;
  const note = (rows: Array<'new' | 'old'>, change: 'insert' | 'delete' | 'update') => {
    const scopes = [...rows.flatMap((row) => rowScopesSql(layout, row)), ...keywordChangeScopesSql(layout, change)];
    const values = ["('*')", ...scopes.map((scope) => `(${scope})`)].join(', ');
    // An upsert, not OR IGNORE: a trigger's OR clause gives way to the policy of the statement that fired it.
    return `INSERT INTO temp.search_touched_now (scope) SELECT column1 FROM (VALUES ${values}) WHERE column1 IS NOT NULL ON CONFLICT (scope) DO NOTHING;`;
  };
  return [
    'CREATE TEMP TABLE IF NOT EXISTS search_touched_now (scope TEXT PRIMARY KEY) WITHOUT ROWID',
    `CREATE TEMP TRIGGER IF NOT EXISTS "${name}_insert" AFTER INSERT ON main.${layout.docs} BEGIN ${note(['new'], 'insert')} END`,
    `CREATE TEMP TRIGGER IF NOT EXISTS "${name}_delete" AFTER DELETE ON main.${layout.docs} BEGIN ${note(['old'], 'delete')} END`,
    `CREATE TEMP TRIGGER IF NOT EXISTS "${name}_update" AFTER UPDATE ON main.${layout.docs} BEGIN ${note(['old', 'new'], 'update')} END`,
  ];
}

/** Stores the noted scopes under the next sequence number; called last in the writing transaction. */
export function commitScopesSql(layout: IndexLayout): string[] {
  return [
    `UPDATE ${layout.touchedSeq} SET seq = seq + 1 WHERE EXISTS (SELECT 1 FROM temp.search_touched_now)`,
    `INSERT INTO ${layout.touched} (scope, seq) SELECT scope, (SELECT seq FROM ${layout.touchedSeq}) FROM temp.search_touched_now WHERE true ` +
      'ON CONFLICT (scope) DO UPDATE SET seq = excluded.seq',
    'DELETE FROM temp.search_touched_now',
  ];
}

/** How one character folds in the index: a letter or digit of ASCII, null for a separator, or '?' when unsure. */
const foldedChars = new Map<string, string | null>();
function foldChar(char: string): string | null {
  let folded = foldedChars.get(char);
  if (folded !== undefined) return folded;
  if (/^[A-Za-z0-9]$/.test(char)) folded = char.toLowerCase();
  else if (!/^[\p{L}\p{N}\p{M}\p{Co}]$/u.test(char)) folded = null;
  else {
    // A Latin letter with diacritics: the index keeps its base letter (`remove_diacritics`).
    const parts = char.normalize('NFD');
    folded = /^[A-Za-z]\p{M}+$/u.test(parts) ? parts[0]!.toLowerCase() : '?';
  }
  if (foldedChars.size < 10_000) foldedChars.set(char, folded);
  return folded;
}

/**
 * Adds the word scopes of `text` to `into`. A word starts after a separator, or after a character this cannot
 * fold (the index may read it as a separator); its scope is its first three folded letters, or `w:~` when one
 * of them is unsure.
 */
export function addWordScopes(text: string, into: Set<string>): void {
  const chars = [...text].map(foldChar);
  for (let i = 0; i < chars.length; i++) {
    const starts = chars[i] !== null && chars[i] !== '?' && (i === 0 || chars[i - 1] === null || chars[i - 1] === '?');
    if (chars[i] === '?' && (i === 0 || chars[i - 1] === null)) into.add(UNSURE_WORD);
    if (!starts) continue;
    let bucket = '';
    for (let j = i; j < chars.length && j < i + 3 && chars[j] !== null; j++) {
      if (chars[j] === '?') {
        bucket = '?';
        break;
      }
      bucket += chars[j];
    }
    into.add(bucket === '?' ? UNSURE_WORD : `w:${bucket}`);
  }
}

/** The searchable text of a document's fields, for its word scopes: strings, arrays of them, other values as text. */
export function addDocumentWordScopes(layout: IndexLayout, doc: IndexDocument, into: Set<string>): void {
  for (const group of layout.searchable) {
    for (const field of group.fields) {
      const value = doc[field];
      for (const part of Array.isArray(value) ? value : [value]) {
        if (part !== null && part !== undefined) addWordScopes(String(part), into);
      }
    }
  }
}

/** A prefix phrase or whole term of an FTS5 expression (fts-match.ts quotes every term, doubling quotes). */
const PHRASE = /"((?:[^"]|"")*)"/g;

/** The scopes a match expression's documents lie in: every term's bucket (any of them may be written), and `w:~`. */
export function expressionScopes(expression: string): string[] {
  const scopes = new Set<string>([UNSURE_WORD]);
  for (const [, quoted] of expression.matchAll(PHRASE)) {
    const term = quoted!.replaceAll('""', '"');
    const start = [...term].slice(0, 3).map(foldChar);
    scopes.add(start.some((char) => char === null || char === '?') ? '*' : `w:${start.join('')}`);
  }
  return [...scopes];
}

/** Cell scopes of a latitude range and longitude ranges, at the finest size naming at most MAX_CELLS; null when none does. */
function cellScopes(
  field: string,
  south: number,
  north: number,
  lonRanges: Array<{ west: number; east: number }>,
): string[] | null {
  for (const size of CELL_SIZES) {
    // One cell more on each side: a point on a border is in both neighbours' reach.
    const latFirst = cellOf(south, size) - 1;
    const latLast = cellOf(north, size) + 1;
    const lonCells = lonRanges.map((range) => [cellOf(range.west, size) - 1, cellOf(range.east, size) + 1] as const);
    const count = (latLast - latFirst + 1) * lonCells.reduce((sum, [first, last]) => sum + (last - first + 1), 0);
    if (count > MAX_CELLS) continue;
    const scopes: string[] = [];
    for (let lat = latFirst; lat <= latLast; lat++)
      for (const [first, last] of lonCells)
        for (let lon = first; lon <= last; lon++) scopes.push(`g:${field}:${size}:${lat}:${lon}`);
    return scopes;
  }
  return null;
}

/** Kilometres a degree of latitude spans at least (the sphere of radius 6371 km gives 111.19). */
const KM_PER_DEGREE_AT_LEAST = 110;

/**
 * What a query's matches depend on: its keyword values, its words (given its match expression), the cells of its
 * box or circle. Each is enough alone, since every match lies within each; `*` when there is none.
 */
export function queryDependencies(
  layout: IndexLayout,
  query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>,
  expression: string | null,
): Dependencies {
  const alternatives: string[][] = [];
  for (const filter of query.filters ?? []) {
    if (layout.schema.fields[filter.field]?.type !== 'keyword') continue;
    if (filter.op === 'eq') alternatives.push([`k:${filter.field}:${foldKeyword(String(filter.value))}`]);
    if (filter.op === 'in')
      alternatives.push(filter.values.map((value) => `k:${filter.field}:${foldKeyword(String(value))}`));
  }
  if (expression !== null) {
    const words = expressionScopes(expression);
    if (!words.includes('*')) alternatives.push(words);
  }
  if (query.bounds && query.bounds.south <= query.bounds.north) {
    const { field, south, north, west, east } = query.bounds;
    const cells = cellScopes(field, south, north, boundsLonRanges(west, east));
    if (cells) alternatives.push(cells);
  }
  if (query.near) {
    const { field, lat, lon, radiusKm } = query.near;
    const dLat = radiusKm / KM_PER_DEGREE_AT_LEAST;
    const farthest = Math.abs(lat) + dLat;
    if (farthest < 80) {
      const dLon = dLat / Math.cos((farthest * Math.PI) / 180);
      if (lon - dLon >= -180 && lon + dLon <= 180) {
        const cells = cellScopes(field, lat - dLat, lat + dLat, [{ west: lon - dLon, east: lon + dLon }]);
        if (cells) alternatives.push(cells);
      }
    }
  }
  return alternatives.length > 0 ? alternatives : ANY_WRITE;
}

/** Scopes of a latitude band `[low, high)` of a geo field, at the tenth-of-degree size the band scopes use. */
export function bandDependencies(field: string, low: number, high: number): Dependencies {
  const first = cellOf(low, CELL_SIZES[0]) - 1;
  const last = cellOf(high, CELL_SIZES[0]) + 1;
  if (last - first + 1 > MAX_CELLS) return ANY_WRITE;
  return [Array.from({ length: last - first + 1 }, (_, i) => `b:${field}:${first + i}`)];
}

/** The bucket the triggers note `value` of a number or date field in (`rowScopesSql`). */
function bucketOf(layout: IndexLayout, field: string, value: number): number {
  const type = layout.schema.fields[field]?.type;
  if (type !== 'number' && type !== 'date') throw new Error(`"${field}" is not a number or date field`);
  // SQLite's CAST saturates at 64 bits, and the bucket's text must stay digits: the same bound on both sides.
  return Math.min(Math.max(Math.floor(value / bucketWidth(type)), -INT64_LIMIT), INT64_LIMIT);
}
const INT64_LIMIT = 2 ** 63;
const bucketText = (bucket: number): string => bucket.toFixed(0);

/** Rows with the field at most `value` (or below it): a write of a value in a bucket up to `value`'s may change them. */
export function valuesUpTo(layout: IndexLayout, field: string, value: number): string {
  return `v:${field}:<=${bucketText(bucketOf(layout, field, value))}`;
}

/** Rows without a value of the field. */
export const missingValues = (field: string): string => `v:${field}:none`;

/**
 * What a min and max of the field over some matches depend on, besides the matches' own dependencies: a write
 * can move them only with a value at or beyond one of them (a row entering with one, or leaving as a bound's
 * holder); a write strictly between them leaves both. Matches without a value depend on every value.
 */
export function boundsDependencies(
  layout: IndexLayout,
  field: string,
  min: number | null,
  max: number | null,
): readonly string[] {
  if (min === null || max === null) return [`v:${field}:>=${bucketText(-INT64_LIMIT)}`];
  return [valuesUpTo(layout, field, min), `v:${field}:>=${bucketText(bucketOf(layout, field, max))}`];
}

/**
 * What the rows of a page depend on when the query only ranges over the field it is sorted by (the map's pages
 * of upcoming events by date): every row up to the page's last lies at or before the last row's value, so only
 * a write of a value in a bucket up to it (or from it, newest first) can add, remove or move one of them. Null
 * when the query is not of that shape, or the page is the last (a write anywhere beyond may join it).
 */
export function orderedPageDependencies(
  layout: IndexLayout,
  query: Omit<SearchQuery, 'offset' | 'limit' | 'fields'>,
  lastValue: unknown,
): Dependencies | null {
  const [sort, ...more] = query.sort ?? [];
  if (sort?.by !== 'field' || more.length > 0 || query.text !== undefined || query.near || query.bounds) return null;
  const type = layout.schema.fields[sort.field]?.type;
  if (type !== 'number' && type !== 'date') return null;
  const filters = query.filters ?? [];
  // A range on the field, even without bounds, leaves out the rows without a value, wherever those sort.
  if (filters.length === 0 || !filters.every((clause) => clause.op === 'range' && clause.field === sort.field))
    return null;
  if (typeof lastValue !== 'number' || !Number.isFinite(lastValue)) return null;
  const bucket = bucketText(bucketOf(layout, sort.field, lastValue));
  return [[sort.direction === 'desc' ? `v:${sort.field}:>=${bucket}` : `v:${sort.field}:<=${bucket}`]];
}

/** The whole index's values of a keyword field: a write that adds, removes or changes one. */
export const keywordValuesChanged = (field: string): string => `c:${field}`;

/** A value bucket scope (`v:<field>:<bucket>`): the field and the bucket, or null for another scope or `none`. */
function parseBucket(scope: string): { family: string; bucket: number } | null {
  if (!scope.startsWith('v:')) return null;
  const at = scope.lastIndexOf(':');
  const bucket = Number(scope.slice(at + 1));
  return at > 2 && scope.slice(at + 1) !== 'none' && Number.isInteger(bucket)
    ? { family: scope.slice(0, at), bucket }
    : null;
}

/** A range dependency (`v:<field>:<=<bucket>` or `>=`): every bucket of the field up to or from the bound. */
interface BucketRange {
  family: string;
  atMost: boolean;
  bound: number;
}
const RANGE = /^(v:[^:]+):(<=|>=)(-?\d+)$/;
const ranges = new Map<string, BucketRange | null>();
function parseRange(scope: string): BucketRange | null {
  let range = ranges.get(scope);
  if (range === undefined) {
    const match = RANGE.exec(scope);
    range = match ? { family: match[1]!, atMost: match[2] === '<=', bound: Number(match[3]) } : null;
    if (ranges.size < 10_000) ranges.set(scope, range);
  }
  return range;
}

/** When a kept answer was read: the layout's sequence (-1 when it keeps no scopes) and the file's data version. */
export interface ReadAt {
  seq: number;
  version: number;
  ownWrites: number;
}

export interface WriteScopes {
  /** The state now, to keep with an answer read from here on (null: an answer that follows no layout's scopes). */
  now(layout: IndexLayout | null): ReadAt;
  /** Whether an answer read at `at` with these dependencies is still what a read now would give. */
  unchanged(layout: IndexLayout | null, at: ReadAt, dependencies: Dependencies): boolean;
  /** After this connection's own commit (its data version does not move for those). */
  noteOwnWrite(): void;
}

/** One per connection, shared by every cache on it. */
export const writeScopesOf = onePerConnection(createWriteScopes);

interface LayoutState {
  seq: number;
  /** Sequence of each scope's last write seen since this connection started following the layout. */
  last: Map<string, number>;
  /** The same for value buckets, by field (`v:<field>`), for range dependencies. */
  buckets: Map<string, Map<number, number>>;
  version: number;
  ownWrites: number;
}

function createWriteScopes(db: Database.Database): WriteScopes {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const states = new Map<string, LayoutState | null>();
  let ownWrites = 0;

  /** The layout's followed state, read up to now; null when the layout keeps no scopes (an index from before them). */
  const refresh = (layout: IndexLayout, version: number): LayoutState | null => {
    let state = states.get(layout.touched);
    if (state === null) return null;
    if (state && state.version === version && state.ownWrites === ownWrites) return state;
    let seq: number | undefined;
    try {
      seq = db.prepare(`SELECT seq FROM ${layout.touchedSeq}`).pluck().get() as number | undefined;
    } catch {
      seq = undefined;
    }
    if (seq === undefined) {
      // Not created yet (a reader before `init`): asked again once the file changes.
      return null;
    }
    if (!state) {
      state = { seq, last: new Map(), buckets: new Map(), version, ownWrites };
      states.set(layout.touched, state);
      return state;
    }
    if (seq > state.seq) {
      const touched = db
        .prepare(`SELECT scope, seq FROM ${layout.touched} WHERE seq > ?`)
        .raw()
        .all(state.seq) as Array<[string, number]>;
      for (const [scope, at] of touched) {
        state.last.set(scope, at);
        const value = parseBucket(scope);
        if (value === null) continue;
        let family = state.buckets.get(value.family);
        if (!family) state.buckets.set(value.family, (family = new Map()));
        family.set(value.bucket, at);
      }
      state.seq = seq;
    }
    state.version = version;
    state.ownWrites = ownWrites;
    return state;
  };

  return {
    now(layout) {
      const version = dataVersion.get() as number;
      const state = layout === null ? null : refresh(layout, version);
      return { seq: state?.seq ?? -1, version, ownWrites };
    },
    unchanged(layout, at, dependencies) {
      const version = dataVersion.get() as number;
      if (version === at.version && ownWrites === at.ownWrites) return true;
      if (at.seq < 0 || layout === null) return false;
      const state = refresh(layout, version);
      if (state === null) return false;
      const untouched = (scope: string): boolean => {
        const range = parseRange(scope);
        if (range === null) return (state.last.get(scope) ?? -1) <= at.seq;
        for (const [bucket, seq] of state.buckets.get(range.family) ?? []) {
          if (seq > at.seq && (range.atMost ? bucket <= range.bound : bucket >= range.bound)) return false;
        }
        return true;
      };
      return dependencies.some((scopes) => scopes.every(untouched));
    },
    noteOwnWrite() {
      ownWrites++;
    },
  };
}
