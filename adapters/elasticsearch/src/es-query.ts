/**
 * SearchQuery (the port's AST) to Elasticsearch request bodies. Pure, so every body is unit-tested without an
 * engine. Distances: Elasticsearch's `arc` distance is the haversine formula on a mean radius of
 * 6371008.7714 m, while the port promises 6371 km; radii are scaled up and returned distances scaled down by
 * that ratio, so both engines give the same kilometres.
 */
import type { estypes } from '@elastic/elasticsearch';
import {
  MAX_RESULT_WINDOW,
  type FacetRequest,
  type FilterClause,
  type IndexSchema,
  type ScanQuery,
  type SearchQuery,
} from '@evently/platform';
import {
  EARTH_RADIUS_KM,
  allowedEdits,
  queryWords,
  asEpochMillis,
  foldKeyword,
  decodeCursor,
  type CursorSlot,
} from '@evently/platform/adapter-kit';
import { ID_FIELD, ID_NUM_FIELD, comparableName, searchableFields, stemmedFields } from './es-mapping.ts';

export const ES_EARTH_RADIUS_KM = 6371.0087714;
/** Multiply a port distance by this to get Elasticsearch's; divide Elasticsearch's by it. */
export const ES_DISTANCE_RATIO = ES_EARTH_RADIUS_KM / EARTH_RADIUS_KM;
const DEFAULT_LIMIT = 100;
const DEFAULT_FACET_SIZE = 1000;
/** Spellings fetched per facet group (case and accent variants of one value are few). */
const SPELLINGS_PER_GROUP = 10;
/** Same as the SQLite adapter: words this long also match as prefixes. */
const MIN_PREFIX_LENGTH = 3;

type Query = estypes.QueryDslQueryContainer;
type Sort = estypes.SortCombinations;

function dateMillis(field: string, value: unknown): number {
  const millis = asEpochMillis(value);
  if (millis === null) throw new Error(`Invalid date for "${field}": ${String(value)}`);
  return millis;
}

function filterQuery(schema: IndexSchema, clause: FilterClause): Query {
  const spec = schema.fields[clause.field];
  if (clause.op === 'exists') {
    const target = spec?.type === 'geo' ? clause.field : comparableName(schema, clause.field);
    const exists: Query = { exists: { field: target } };
    return clause.exists ? exists : { bool: { must_not: [exists] } };
  }
  const target = comparableName(schema, clause.field);
  const convert = (value: unknown): string | number => {
    if (spec?.type === 'date') return dateMillis(clause.field, value);
    if (spec?.type === 'number') return Number(value);
    // Folded here as well as by the normalizer, so the body states exactly what is compared.
    return foldKeyword(String(value));
  };
  switch (clause.op) {
    case 'eq':
      return { term: { [target]: convert(clause.value) } };
    case 'in':
      return clause.values.length === 0 ? { match_none: {} } : { terms: { [target]: clause.values.map(convert) } };
    case 'range': {
      const range: Record<string, string | number> = {};
      if (clause.gte !== undefined) range.gte = convert(clause.gte);
      if (clause.gt !== undefined) range.gt = convert(clause.gt);
      if (clause.lte !== undefined) range.lte = convert(clause.lte);
      if (clause.lt !== undefined) range.lt = convert(clause.lt);
      if (Object.keys(range).length === 0) return { exists: { field: target } };
      if (spec?.type === 'date') range.format = 'epoch_millis';
      return { range: { [target]: range } };
    }
  }
}

/**
 * Every word must match some searchable field: fuzzily (AUTO:4,6, first letter fixed), as a prefix, or by its
 * stem in the stemmed copies of the text fields ("concerts" finds "concert").
 */
export function textQuery(schema: IndexSchema, text: string): Query | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const fields = searchableFields(schema);
  const stemmed = stemmedFields(schema);
  const perWord = words.map((word): Query => {
    const whole: Query = {
      multi_match: {
        query: word,
        fields,
        ...(allowedEdits(word) > 0 ? { fuzziness: 'AUTO:4,6', prefix_length: 1, max_expansions: 50 } : {}),
      },
    };
    const stem: Query[] = stemmed.length > 0 ? [{ multi_match: { query: word, fields: stemmed } }] : [];
    if ([...word].length < MIN_PREFIX_LENGTH)
      return stem.length === 0 ? whole : { bool: { should: [whole, ...stem], minimum_should_match: 1 } };
    const prefix: Query = { multi_match: { query: word, fields, type: 'phrase_prefix', max_expansions: 200 } };
    return { bool: { should: [whole, prefix, ...stem], minimum_should_match: 1 } };
  });
  return perWord.length === 1 ? perWord[0]! : { bool: { must: perWord } };
}

export function matchQuery(
  schema: IndexSchema,
  query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>,
): Query {
  const must: Query[] = [];
  const filter: Query[] = (query.filters ?? []).map((clause) => filterQuery(schema, clause));
  const text = query.text ? textQuery(schema, query.text) : null;
  if (text) must.push(text);
  if (query.near) {
    const { field, lat, lon, radiusKm } = query.near;
    assertGeo(schema, field);
    filter.push({
      geo_distance: { distance: `${radiusKm * ES_DISTANCE_RATIO}km`, distance_type: 'arc', [field]: { lat, lon } },
    });
  }
  if (query.bounds) {
    const { field, north, south, east, west } = query.bounds;
    assertGeo(schema, field);
    // top_left.lon > bottom_right.lon is how Elasticsearch (Lucene's box query) expresses a box that crosses
    // the antimeridian, which is exactly the port's west > east.
    filter.push({
      geo_bounding_box: { [field]: { top_left: { lat: north, lon: west }, bottom_right: { lat: south, lon: east } } },
    });
  }
  if (must.length === 0 && filter.length === 0) return { match_all: {} };
  return { bool: { ...(must.length > 0 ? { must } : {}), ...(filter.length > 0 ? { filter } : {}) } };
}

function assertGeo(schema: IndexSchema, field: string): void {
  if (schema.fields[field]?.type !== 'geo') throw new Error(`"${field}" is not a geo field of index ${schema.name}`);
}

/**
 * Stand-ins for missing numbers, dates and integer ids in a sort. With `_last`/`_first` a missing long sorts
 * as Long.MAX_VALUE or MIN_VALUE, which JSON.parse rounds to a number Elasticsearch then refuses in
 * `search_after`; a documented custom `missing` value that a JavaScript number holds exactly sorts the same
 * way and round-trips. Dates: one past JavaScript's last millisecond (no document date can reach it); ids:
 * 1e15, above every integer id (at most 15 digits, document-id.ts).
 */
const MISSING_DATE_LAST = 8_640_000_000_000_001;
const MISSING_NUMBER_LAST = Number.MAX_VALUE;
export const MISSING_ID_NUM = 1e15;

function missingValue(schema: IndexSchema, field: string, direction: 'asc' | 'desc'): number | '_last' {
  const type = schema.fields[field]?.type;
  const last = type === 'date' ? MISSING_DATE_LAST : type === 'number' ? MISSING_NUMBER_LAST : null;
  if (last === null) return '_last';
  return direction === 'asc' ? last : -last;
}

/**
 * Sort clauses, then the id tie-break in the direction of the last field/distance clause: integer ids by
 * `search_id_num` (others have none and come after them ascending, before them descending, like SQLite's
 * integer-before-text order), then by the `id` string. With `near`, a distance sort is always appended
 * last: it cannot change a total order, but its sort value is the distance each hit returns. Missing values
 * sort last both ways (`missingValue`).
 */
export function sortClauses(schema: IndexSchema, query: SearchQuery): { sort: Sort[]; distanceSlot: number | null } {
  const sort: Sort[] = [];
  let direction: 'asc' | 'desc' = 'asc';
  const distanceSort = (order: 'asc' | 'desc'): Sort => ({
    _geo_distance: {
      [query.near!.field]: { lat: query.near!.lat, lon: query.near!.lon },
      order,
      unit: 'km',
      distance_type: 'arc',
      mode: 'min',
    },
  });
  for (const clause of query.sort ?? []) {
    if (clause.by === 'relevance') {
      if (query.text && textQuery(schema, query.text)) sort.push({ _score: { order: 'desc' } });
    } else if (clause.by === 'distance') {
      if (query.near) {
        direction = clause.direction;
        sort.push(distanceSort(direction));
      }
    } else {
      direction = clause.direction;
      sort.push({
        [comparableName(schema, clause.field)]: {
          order: direction,
          missing: missingValue(schema, clause.field, direction),
        },
      });
    }
  }
  sort.push({ [ID_NUM_FIELD]: { order: direction, missing: MISSING_ID_NUM } });
  sort.push({ [ID_FIELD]: { order: direction } });
  let distanceSlot: number | null = null;
  if (query.near) {
    distanceSlot = sort.length;
    sort.push(distanceSort('asc'));
  }
  return { sort, distanceSlot };
}

/** What a cursor's fingerprint covers: the sort clauses (fields, directions, the distance origin). */
export const cursorOrder = (sort: Sort[]): string => JSON.stringify(sort);

/**
 * The kind of each sort value a hit carries: scores, distances, numbers, dates and the integer id are
 * numbers (never null: missing ones sort by a stand-in), keywords and sort keys strings or null, the id a string.
 */
export function cursorSlots(schema: IndexSchema, sort: Sort[]): CursorSlot[] {
  return sort.map((clause) => {
    const key = typeof clause === 'string' ? clause : Object.keys(clause)[0]!;
    if (key === ID_FIELD) return 'string';
    if (key.endsWith('.sort')) return 'string|null';
    const type = schema.fields[key]?.type;
    return type === 'keyword' ? 'string|null' : 'number';
  });
}

export interface SearchBody {
  request: Omit<estypes.SearchRequest, 'index'>;
  distanceSlot: number | null;
  /**
   * Hits the caller returns. A cursor page asks for one more, whose presence says a next page exists (an
   * offset page knows it from the total, and `from + size` must stay inside the window).
   */
  limit: number;
  /** Fingerprinted into the cursors of this order (`cursorOrder`). */
  order: string;
}

/**
 * One page: by `from`/`size`, or after a cursor (`search_after` with the previous page's last sort values,
 * `from` left out as the engine requires). No point in time: see `search` in the adapter. The total is
 * tracked exactly on cursor pages too (the map shows "n of total" while it walks).
 */
export function searchBody(schema: IndexSchema, query: SearchQuery): SearchBody {
  const { sort, distanceSlot } = sortClauses(schema, query);
  const order = cursorOrder(sort);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const paging =
    query.after === undefined
      ? { from: query.offset ?? 0 }
      : { search_after: decodeCursor(query.after, order, cursorSlots(schema, sort)) };
  return {
    request: {
      query: matchQuery(schema, query),
      sort,
      ...paging,
      // One over the page, within the window the engine allows for any single request.
      size: query.after === undefined ? limit : Math.min(limit + 1, MAX_RESULT_WINDOW),
      track_total_hits: true,
      _source: sourceFilter(schema, query.fields),
    },
    distanceSlot,
    limit,
    order,
  };
}

/**
 * One page of a `scan`: the search runs on a point in time (no index in the request: the PIT names it), with
 * `search_after` set to the previous page's last sort values, so depth costs nothing and every page sees
 * the same snapshot. No total is tracked: the walker only needs the hits.
 */
export function scanBody(
  schema: IndexSchema,
  query: ScanQuery,
  page: { pitId: string; keepAlive: string; size: number; after?: estypes.SortResults },
): { request: estypes.SearchRequest; distanceSlot: number | null } {
  const { sort, distanceSlot } = sortClauses(schema, query);
  return {
    request: {
      query: matchQuery(schema, query),
      sort,
      size: page.size,
      track_total_hits: false,
      pit: { id: page.pitId, keep_alive: page.keepAlive },
      ...(page.after ? { search_after: page.after } : {}),
      _source: sourceFilter(schema, query.fields),
    },
    distanceSlot,
  };
}

/**
 * What of `_source` a search returns: the named fields plus the id, or the whole document; answer fragments
 * only when named (the port keeps them out of sources).
 */
export function sourceFilter(schema: IndexSchema, fields: string[] | undefined): estypes.SearchSourceConfig {
  const fragments = Object.keys(schema.fragments ?? {}).filter((name) => !fields?.includes(name));
  if (fields)
    return fragments.length > 0
      ? { includes: [ID_FIELD, ...fields], excludes: fragments }
      : { includes: [ID_FIELD, ...fields] };
  return fragments.length > 0 ? { excludes: fragments } : true;
}

/** Distance in the port's kilometres from a hit's sort value. */
export const portDistanceKm = (esKm: number): number => esKm / ES_DISTANCE_RATIO;

export function facetsBody(schema: IndexSchema, request: FacetRequest): Omit<estypes.SearchRequest, 'index'> {
  const size = request.size ?? DEFAULT_FACET_SIZE;
  const aggs: Record<string, estypes.AggregationsAggregationContainer> = {};
  const order: Array<Record<string, estypes.SortOrder>> = [{ _count: 'desc' }, { _key: 'asc' }];
  for (const field of request.terms ?? []) {
    if (schema.fields[field]?.type !== 'keyword') throw new Error(`"${field}" is not a keyword field`);
    aggs[`terms_${field}`] = {
      terms: { field, size, order, exclude: [''] },
      // The spellings of each folded group; the adapter labels it with `preferredSpelling`.
      aggs: { spelling: { terms: { field: `${field}.raw`, size: SPELLINGS_PER_GROUP, order } } },
    };
  }
  for (const field of request.stats ?? []) {
    const type = schema.fields[field]?.type;
    if (type !== 'number' && type !== 'date') throw new Error(`"${field}" is not a number or date field`);
    aggs[`stats_${field}`] = { stats: { field } };
  }
  return { size: 0, track_total_hits: false, query: matchQuery(schema, { filters: request.filters ?? [] }), aggs };
}
