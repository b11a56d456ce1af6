/**
 * SearchQuery (the port's AST) to SQL over one index version. Pure: the FTS MATCH expression is computed
 * beforehand (it may consult the vocabulary) and passed in. Geo predicates use the R*Tree as a box prefilter
 * (its 32-bit float boxes are rounded outwards, so it never loses a point) and then test the typed columns
 * exactly; distances use SQLite's math functions with R = 6371 km.
 */
import type { FacetRequest, FieldSpec, FilterClause, SearchQuery } from '@evently/platform';
import {
  EARTH_RADIUS_KM,
  boundsLonRanges,
  boxAroundCircle,
  squareInsideCircle,
  type LonRange,
  asEpochMillis,
  foldKeyword,
  type CursorSlot,
} from '@evently/platform/adapter-kit';
import { column, unquoted, type IndexLayout } from './index-layout.ts';
import { matchSetTest } from './match-sets.ts';
import { fieldsKnownPresent } from './present-fields.ts';
import type { KeywordOrder } from './keyword-order.ts';

export type Params = Record<string, unknown>;

export interface MatchPlan {
  /** `FROM ...` and the AND-ed conditions shared by the page, the count and the facets. */
  from: string;
  where: string[];
  params: Params;
  /** SQL expression of the distance in km (when the query has `near`). */
  distance: string | null;
  /** SQL of the bm25 relevance (lower is better) when the page is sorted by relevance. */
  score: string | null;
  /**
   * Set when the plan reads a keyword's `sortedBy` index in the page's order (keyword-order.ts): the page stops
   * after its rows, so its total is counted apart, and no other walk applies.
   */
  keywordOrder?: KeywordOrder;
}

/**
 * The score of every match when bm25 cannot tell matches apart (see `planMatch`'s `constantScore`): the key
 * stays in the order (a cursor names it), but the page neither computes nor sorts it.
 */
export const CONSTANT_BM25 = '(-0.0)';

/** A few millionths of a degree of slack for the R*Tree prefilter; the exact test follows on the columns. */
const BOX_SLACK = 1e-6;

class ParamBag {
  readonly values: Params = {};
  private next = 0;
  add(value: unknown): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `@${name}`;
  }
}

function specOf(layout: IndexLayout, field: string): FieldSpec {
  const spec = layout.schema.fields[field];
  if (!spec) throw new Error(`Unknown field "${field}" in index ${layout.schema.name}`);
  return spec;
}

/** The column a filter or sort compares, and how a query value is converted to the stored form. */
function comparable(layout: IndexLayout, field: string): { sql: string; convert: (value: unknown) => unknown } {
  const spec = specOf(layout, field);
  switch (spec.type) {
    case 'keyword':
      return { sql: `d.${column.keywordLower(field)}`, convert: (value) => foldKeyword(String(value)) };
    case 'number':
      return { sql: `d.${column.number(field)}`, convert: (value) => Number(value) };
    case 'date':
      return {
        sql: `d.${column.date(field)}`,
        convert: (value) => {
          const millis = asEpochMillis(value);
          if (millis === null) throw new Error(`Invalid date for "${field}": ${String(value)}`);
          return millis;
        },
      };
    case 'text':
      if (spec.sortable) return { sql: `d.${column.sortText(field)}`, convert: (value) => String(value).toLowerCase() };
      throw new Error(`Text field "${field}" can be searched but not filtered or sorted`);
    case 'geo':
      throw new Error(`Geo field "${field}" is filtered with near/bounds`);
  }
}

function filterSql(layout: IndexLayout, clause: FilterClause, bag: ParamBag): string {
  if (clause.op === 'exists') {
    const spec = specOf(layout, clause.field);
    const target = spec.type === 'geo' ? `d.${column.lat(clause.field)}` : comparable(layout, clause.field).sql;
    return `${target} IS ${clause.exists ? 'NOT NULL' : 'NULL'}`;
  }
  const { sql, convert } = comparable(layout, clause.field);
  switch (clause.op) {
    case 'eq':
      return `${sql} = ${bag.add(convert(clause.value))}`;
    case 'in':
      if (clause.values.length === 0) return '0';
      return `${sql} IN (${clause.values.map((value) => bag.add(convert(value))).join(', ')})`;
    case 'range': {
      const parts: string[] = [];
      if (clause.gte !== undefined) parts.push(`${sql} >= ${bag.add(convert(clause.gte))}`);
      if (clause.gt !== undefined) parts.push(`${sql} > ${bag.add(convert(clause.gt))}`);
      if (clause.lte !== undefined) parts.push(`${sql} <= ${bag.add(convert(clause.lte))}`);
      if (clause.lt !== undefined) parts.push(`${sql} < ${bag.add(convert(clause.lt))}`);
      return parts.length === 0 ? `${sql} IS NOT NULL` : parts.join(' AND ');
    }
  }
}

/**
 * A test of a docs row read with `SELECT *`, in JavaScript, of the conditions a changed row most often fails:
 * the query's keyword equalities and lists (values folded as `filterSql` binds them), its number and date ranges
 * (bounds converted as `filterSql` converts them) and its map box. A prefilter that keeps every row SQL would
 * (other conditions are left to SQL), so a patch sends SQL only the changed rows that can match. Null when the
 * query has none of these.
 */
export function rowPretest(
  layout: IndexLayout,
  query: Pick<SearchQuery, 'filters' | 'bounds'>,
): ((row: Record<string, unknown>) => boolean) | null {
  const tests: Array<(row: Record<string, unknown>) => boolean> = [];
  for (const clause of query.filters ?? []) {
    const type = layout.schema.fields[clause.field]?.type;
    if (type === 'keyword' && (clause.op === 'eq' || clause.op === 'in')) {
      const name = unquoted(column.keywordLower(clause.field));
      const fold = (value: unknown) => foldKeyword(String(value));
      if (clause.op === 'eq') {
        const value = fold(clause.value);
        tests.push((row) => row[name] === value);
      } else {
        const values = new Set(clause.values.map(fold));
        tests.push((row) => values.has(row[name] as string));
      }
    } else if ((type === 'number' || type === 'date') && clause.op === 'range') {
      const { convert } = comparable(layout, clause.field);
      const name = unquoted(type === 'number' ? column.number(clause.field) : column.date(clause.field));
      const [gte, gt, lte, lt] = [clause.gte, clause.gt, clause.lte, clause.lt].map((bound) =>
        bound === undefined ? undefined : (convert(bound) as number),
      );
      // NULL passes no comparison in SQL; JavaScript would compare null as 0.
      tests.push((row) => {
        const value = row[name];
        if (typeof value !== 'number') return false;
        return (
          (gte === undefined || value >= gte) &&
          (gt === undefined || value > gt) &&
          (lte === undefined || value <= lte) &&
          (lt === undefined || value < lt)
        );
      });
    }
  }
  if (query.bounds) {
    const { field, north, south, east, west } = query.bounds;
    const lat = unquoted(column.lat(field));
    const lon = unquoted(column.lon(field));
    const ranges = boundsLonRanges(west, east);
    tests.push((row) => {
      const [y, x] = [row[lat], row[lon]];
      if (typeof y !== 'number' || typeof x !== 'number' || y < south || y > north) return false;
      return ranges.some((range) => x >= range.west && x <= range.east);
    });
  }
  return tests.length === 0 ? null : (row) => tests.every((test) => test(row));
}

function geoField(layout: IndexLayout, field: string): string {
  const table = layout.geo[field];
  if (!table) throw new Error(`"${field}" is not a geo field of index ${layout.schema.name}`);
  return table;
}

/** `d.rid IN (R*Tree boxes)`: one box per longitude range, so an antimeridian crossing costs two lookups. */
function rtreePrefilter(table: string, south: number, north: number, ranges: LonRange[], bag: ParamBag): string {
  const boxes = ranges.map(
    (range) =>
      `SELECT id FROM ${table} WHERE max_lat >= ${bag.add(south - BOX_SLACK)} AND min_lat <= ${bag.add(north + BOX_SLACK)}` +
      ` AND max_lon >= ${bag.add(range.west - BOX_SLACK)} AND min_lon <= ${bag.add(range.east + BOX_SLACK)}`,
  );
  return `d.rid IN (${boxes.join(' UNION ALL ')})`;
}

function lonTest(lon: string, ranges: LonRange[], bag: ParamBag): string {
  const tests = ranges.map((range) => `${lon} BETWEEN ${bag.add(range.west)} AND ${bag.add(range.east)}`);
  return tests.length === 1 ? tests[0]! : `(${tests.join(' OR ')})`;
}

/**
 * How a text query meets the other conditions. `fts` lets the FTS5 match drive (best when few documents
 * match); `docs` makes a selective docs index drive and only probes the match set (the unary `+` keeps SQLite
 * from driving by rowid), which wins when the words are common but a city or a map area is not.
 */
export type TextDrive = 'fts' | 'docs';

/** A query has a condition selective enough to drive the docs side: keyword equality or a geo area. */
export function hasSelectiveCondition(
  query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>,
  layout: IndexLayout,
): boolean {
  if (query.near || query.bounds) return true;
  return (query.filters ?? []).some(
    (clause) => (clause.op === 'eq' || clause.op === 'in') && layout.schema.fields[clause.field]?.type === 'keyword',
  );
}

/**
 * Whether the covering geo index (see `createIndexesSql`) holds every column the query reads: no text,
 * filters and sorts only on date and number fields (or the geo field's presence), one geo field. Such queries
 * range-scan that index by latitude instead of probing the R*Tree and then the docs table row by row.
 */
export function coveredByGeoIndex(layout: IndexLayout, query: SearchQuery): boolean {
  if (query.text !== undefined) return false;
  const geo = new Set([query.near?.field, query.bounds?.field].filter((field): field is string => field !== undefined));
  if (geo.size !== 1) return false;
  const stored = (field: string) => {
    const type = layout.schema.fields[field]?.type;
    return type === 'date' || type === 'number';
  };
  const filtersCovered = (query.filters ?? []).every(
    (clause) => (clause.op === 'exists' && geo.has(clause.field)) || stored(clause.field),
  );
  const sortsCovered = (query.sort ?? []).every((clause) => clause.by !== 'field' || stored(clause.field));
  return filtersCovered && sortsCovered;
}

/** How a match is planned beyond the query itself. */
export interface MatchPlanOptions {
  /** Which index drives a text match (default `fts`). */
  drive?: TextDrive;
  /** The query's word forms, for the name score of text matches. */
  words?: string[][];
  /** Test a geo area on the covering latitude/longitude index instead of the R*Tree. */
  geoIndex?: boolean;
  /** bm25 scores every match alike (page-plans.ts, `bm25IsConstant`): the match set is a condition. */
  constantScore?: boolean;
  /**
   * The match's set (match-sets.ts) for plans another index drives: each row tests its byte instead of SQLite
   * building the whole match set on every execution.
   */
  matchSet?: Buffer;
}

export function planMatch(
  layout: IndexLayout,
  query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>,
  ftsMatch: string | null,
  wantScore: boolean,
  { drive = 'fts', words = [], geoIndex = false, constantScore = false, matchSet }: MatchPlanOptions = {},
): MatchPlan {
  const bag = new ParamBag();
  const where: string[] = [];
  let from = `${layout.docs} d`;
  /** The R*Tree prefilter, or latitude/longitude ranges the covering geo index serves. */
  const areaCondition = (table: string, field: string, south: number, north: number, ranges: LonRange[]): string =>
    geoIndex
      ? `d.${column.lat(field)} BETWEEN ${bag.add(south)} AND ${bag.add(north)} AND ${lonTest(`d.${column.lon(field)}`, ranges, bag)}`
      : rtreePrefilter(table, south, north, ranges, bag);
  let score: string | null = null;
  if (ftsMatch !== null) {
    const weights = layout.searchable.map((s) => s.boost).join(', ');
    const matchSetQuery = () => `SELECT rowid FROM ${layout.fts} WHERE ${layout.fts} MATCH ${bag.add(ftsMatch)}`;
    if (wantScore && drive === 'fts' && constantScore) {
      // bm25 is the same (-0) for every match of this table (page-plans.ts, `bm25IsConstant`): ranking would
      // score and sort every match for an order the next keys decide alone. The match set is a condition instead.
      score = CONSTANT_BM25;
    } else if (wantScore && drive === 'fts') {
      from += ` JOIN (SELECT rowid AS rid, bm25(${layout.fts}, ${weights}) AS score FROM ${layout.fts} WHERE ${layout.fts} MATCH ${bag.add(ftsMatch)}) m ON m.rid = d.rid`;
      score = 'm.score';
    } else if (wantScore) {
      score = nameMatchScore(layout, words, bag);
    }
    if (score !== 'm.score') {
      where.push(
        matchSet !== undefined
          ? matchSetTest(bag.add(matchSet))
          : `${drive === 'docs' ? '+d.rid' : 'd.rid'} IN (${matchSetQuery()})`,
      );
    }
  }
  for (const clause of query.filters ?? []) where.push(filterSql(layout, clause, bag));
  let distance: string | null = null;
  if (query.near) {
    const { field, lat, lon, radiusKm } = query.near;
    const table = geoField(layout, field);
    const box = boxAroundCircle(lat, lon, radiusKm);
    where.push(areaCondition(table, field, box.south, box.north, box.lonRanges));
    distance = haversineKmSql(`d.${column.lat(field)}`, `d.${column.lon(field)}`, lat, lon, (value) => bag.add(value));
    const within = `${distance} <= ${bag.add(radiusKm)}`;
    // Points in a rectangle inside the circle are within it without their distance (SQLite stops an OR at its
    // first true term): a circle's count computes the distances of its edge only.
    const square = squareInsideCircle(lat, lon, radiusKm);
    const inSquare = square
      ? `d.${column.lat(field)} BETWEEN ${bag.add(square.south)} AND ${bag.add(square.north)} AND d.${column.lon(field)} BETWEEN ${bag.add(square.west)} AND ${bag.add(square.east)}`
      : null;
    where.push(inSquare ? `((${inSquare}) OR ${within})` : within);
  }
  if (query.bounds) {
    const { field, north, south, east, west } = query.bounds;
    const table = geoField(layout, field);
    const ranges = boundsLonRanges(west, east);
    if (!geoIndex) where.push(rtreePrefilter(table, south, north, ranges, bag));
    where.push(`d.${column.lat(field)} BETWEEN ${bag.add(south)} AND ${bag.add(north)}`);
    where.push(lonTest(`d.${column.lon(field)}`, ranges, bag));
  }
  return { from, where, params: bag.values, distance, score };
}

/**
 * The great-circle distance in km from (lat, lon) to the point in the two SQL columns. One definition for the
 * page, the count and the per-point distances of nearest-points.ts, so all of them compute the same double.
 */
export function haversineKmSql(
  latColumn: string,
  lonColumn: string,
  lat: number,
  lon: number,
  add: (value: number) => string,
): string {
  const latRad = add((lat * Math.PI) / 180);
  const lonRad = add((lon * Math.PI) / 180);
  const cosLat = add(Math.cos((lat * Math.PI) / 180));
  const docLat = `radians(${latColumn})`;
  const docLon = `radians(${lonColumn})`;
  // Haversine; min(1, ...) guards asin against rounding just above 1 for antipodal points.
  return (
    `(${2 * EARTH_RADIUS_KM} * asin(min(1, sqrt(pow(sin((${docLat} - ${latRad}) / 2), 2)` +
    ` + ${cosLat} * cos(${docLat}) * pow(sin((${docLon} - ${lonRad}) / 2), 2)))))`
  );
}

/**
 * Relevance when the filter drives: bm25 exists only inside an FTS5 scan, and asking FTS5 for one rowid at a
 * time costs a doclist walk per row (a whole scan for each survivor), while ranking every match of a
 * common word costs a scan of all of them. So the survivors are ranked by where the words occur instead: each
 * word found in a sortable text field (the name), in any of its forms, adds that field's boost. Ties fall to
 * the next sort clause. A document without a sortable text scores 0 for it, never NULL.
 */
function nameMatchScore(layout: IndexLayout, words: string[][], bag: ParamBag): string | null {
  const terms: string[] = [];
  for (const [field, spec] of Object.entries(layout.schema.fields)) {
    if (spec.type !== 'text' || !spec.sortable) continue;
    for (const forms of words) {
      // A document without the field scores as one without the words (0): a NULL score would sort first and
      // make a cursor the codec refuses as a number key.
      const found = forms
        .map((form) => `instr(coalesce(d.${column.sortText(field)}, ''), ${bag.add(form)}) > 0`)
        .join(' OR ');
      terms.push(`${spec.boost ?? 1} * (${found})`);
    }
  }
  return terms.length === 0 ? null : `(0 - ${terms.join(' - ')})`;
}

export function fromWhereSql(plan: MatchPlan, extra: string[] = []): string {
  const conditions = [...plan.where, ...extra];
  return `FROM ${plan.from}${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''}`;
}

/**
 * One key of a page's order. Missing values (`nullable` keys only) sort last in both directions. `label`
 * names the key in a cursor's order fingerprint.
 */
export interface OrderKey {
  label: string;
  /** The key's value for a docs row (usable in WHERE and the select list). */
  sql: string;
  /** How ORDER BY names it: the page query selects the distance as `dist`. */
  orderBy: string;
  direction: 'ASC' | 'DESC';
  nullable: boolean;
}

/** The keys of a page's order, ending with the unique id_key, so the order is total. */
export function orderKeys(layout: IndexLayout, query: SearchQuery, plan: MatchPlan): OrderKey[] {
  const keys: OrderKey[] = [];
  let tieDirection: 'ASC' | 'DESC' = 'ASC';
  const present = fieldsKnownPresent(query);
  for (const clause of query.sort ?? []) {
    if (clause.by === 'relevance') {
      // bm25 and the name-match score are different scales: a cursor of one is refused by the other.
      if (plan.score)
        keys.push({
          label: plan.score === 'm.score' || plan.score === CONSTANT_BM25 ? 'bm25' : 'names',
          sql: plan.score,
          orderBy: plan.score,
          direction: 'ASC',
          nullable: false,
        });
    } else if (clause.by === 'distance') {
      if (plan.distance !== null) {
        tieDirection = clause.direction === 'desc' ? 'DESC' : 'ASC';
        keys.push({ label: 'distance', sql: plan.distance, orderBy: 'dist', direction: tieDirection, nullable: false });
      }
    } else {
      const { sql } = comparable(layout, clause.field);
      tieDirection = clause.direction === 'desc' ? 'DESC' : 'ASC';
      keys.push({
        label: clause.field,
        sql,
        orderBy: sql,
        direction: tieDirection,
        nullable: !present.has(clause.field),
      });
    }
  }
  keys.push({ label: 'id', sql: 'd.id_key', orderBy: 'd.id_key', direction: tieDirection, nullable: false });
  return keys;
}

/** The kind of value each key holds: numbers for scores, distances, numbers and dates; the id either. */
export function keysetSlots(layout: IndexLayout, keys: OrderKey[]): CursorSlot[] {
  return keys.map((key): CursorSlot => {
    if (key.label === 'id') return 'number|string';
    const type = layout.schema.fields[key.label]?.type;
    if (type === 'keyword' || type === 'text') return key.nullable ? 'string|null' : 'string';
    return key.nullable ? 'number|null' : 'number';
  });
}

/** What a cursor's fingerprint covers: the keys in order and the point distances are measured from. */
export function keysetOrder(keys: OrderKey[], query: Pick<SearchQuery, 'near'>): string {
  const origin = query.near ? `@${query.near.lat},${query.near.lon}` : '';
  return keys.map((key) => `${key.label} ${key.direction}`).join('|') + origin;
}

/**
 * The rows after `values` (the keys of a page's last row) in the keys' order: keyset paging. Without missing
 * values and in one direction it is a row-value comparison, which SQLite turns into a range on an index
 * whose columns are the keys (every sort index ends with id_key), so a page deep in a million rows starts
 * where the last one ended instead of skipping an offset. Otherwise the lexicographic OR chain, led by a
 * bound on the first key when it has one, which still narrows an index range.
 */
export function keysetSql(keys: OrderKey[], values: unknown[]): { sql: string; params: Params } {
  const params: Params = {};
  const param = (i: number): string => {
    params[`c${i}`] = values[i];
    return `@c${i}`;
  };
  const first = keys[0]!;
  const oneWay = keys.every((key) => key.direction === first.direction);
  if (oneWay && keys.every((key, i) => !key.nullable && values[i] !== null)) {
    const op = first.direction === 'ASC' ? '>' : '<';
    return {
      sql: `(${keys.map((key) => key.sql).join(', ')}) ${op} (${keys.map((_, i) => param(i)).join(', ')})`,
      params,
    };
  }
  const after = (key: OrderKey, i: number): string => {
    if (values[i] === null) return '0';
    const beyond = `${key.sql} ${key.direction === 'ASC' ? '>' : '<'} ${param(i)}`;
    return key.nullable ? `(${beyond} OR ${key.sql} IS NULL)` : beyond;
  };
  const same = (key: OrderKey, i: number): string =>
    values[i] === null ? `${key.sql} IS NULL` : `${key.sql} = ${param(i)}`;
  let chain = after(keys[keys.length - 1]!, keys.length - 1);
  for (let i = keys.length - 2; i >= 0; i--) chain = `(${after(keys[i]!, i)} OR (${same(keys[i]!, i)} AND ${chain}))`;
  const bound =
    !first.nullable && values[0] !== null
      ? `${first.sql} ${first.direction === 'ASC' ? '>=' : '<='} ${param(0)} AND `
      : '';
  return { sql: `${bound}${chain}`, params };
}

/**
 * The plan with the keyset condition first. SQLite ranges an index on one lower bound per column and, when
 * the costs tie (as a filter's `date >= now` and the cursor's `(date, id_key) > (?, ?)` do), takes the first
 * term: the cursor's bound must win, or every page would scan from the filter's bound to the cursor.
 */
export function afterCursor(plan: MatchPlan, keyset: string): MatchPlan {
  return { ...plan, where: [keyset, ...plan.where] };
}

/** ORDER BY for a page; a distance sort refers to the `dist` column the page query selects. */
export function orderBySql(layout: IndexLayout, query: SearchQuery, plan: MatchPlan, reversed = false): string {
  const terms: string[] = [];
  for (const key of orderKeys(layout, query, plan)) {
    // A constant key orders nothing; left out, the index of the next key can serve the order as it is.
    if (key.sql === CONSTANT_BM25) continue;
    // SQLite orders NULL first ascending and last descending; missing values must come last both ways.
    if (key.nullable && key.direction === 'ASC') terms.push(`${key.orderBy} IS NULL`);
    terms.push(`${key.orderBy} ${key.direction}`);
  }
  // The order is total (id_key is unique), so flipping every term gives exactly the reverse order.
  const flip = (term: string) =>
    term.endsWith(' ASC')
      ? `${term.slice(0, -4)} DESC`
      : term.endsWith(' DESC')
        ? `${term.slice(0, -5)} ASC`
        : `${term} DESC`;
  return `ORDER BY ${(reversed ? terms.map(flip) : terms).join(', ')}`;
}

export function facetBase(layout: IndexLayout, request: FacetRequest): MatchPlan {
  return planMatch(layout, { filters: request.filters ?? [] }, null, false);
}
