/**
 * SearchIndex: the read-side search port, fed by projectors and queried by modules' query handlers.
 *
 * The port is engine-neutral and knows no business: an index is described by an `IndexSchema`, and a query is
 * a small AST (`SearchQuery`) that each adapter translates: `sqlite-fts/` into SQL over FTS5 + R*Tree, and
 * `elasticsearch/` into the query DSL (multi_match, term/range filters, geo_distance, geo_bounding_box,
 * _geo_distance sort). Both pass `search-index.contract.ts` with the same fixtures and expected results, so
 * everything promised in these comments is checked on both engines.
 */

export type FieldSpec =
  /**
   * Full-text searched by `SearchQuery.text`; `boost` weighs relevance (default 1). The value may be a string
   * or an array of strings (e.g. tags). `sortable: true` also keeps a case-insensitive sort key, so the field
   * can be named in a `field` sort (e.g. sort by event name).
   */
  | { type: 'text'; boost?: number; sortable?: boolean }
  /**
   * Exact-match single string: filters (`eq`, `in`) compare case-insensitively, facets group
   * case-insensitively, sorting is case-insensitive. `searchable: true` also matches it with
   * `SearchQuery.text` (with `boost`), e.g. a city that is both a filter and a keyword target.
   */
  | { type: 'keyword'; searchable?: boolean; boost?: number }
  | { type: 'number' }
  /** ISO-8601 instant (string) or epoch milliseconds; filters and sorts chronologically, returned as given. */
  | { type: 'date' }
  /** A `{ lat, lon }` object (or null/absent); used by `near`, `bounds` and distance sort. */
  | { type: 'geo' };

export interface IndexSchema {
  /** Logical index name, `[a-z][a-z0-9_]*`, e.g. `events`. Adapters add a version suffix behind an alias. */
  name: string;
  /**
   * Indexed fields. Anything in a document that is not named here is only stored and returned in `source`.
   * At most one `geo` field is used for `near`/`bounds`/distance (the one the query names).
   */
  fields: Record<string, FieldSpec>;
}

/** A document as indexed: `id` plus any fields; fields not named in the schema are only stored. */
export interface IndexDocument {
  id: string;
  [field: string]: unknown;
}

/**
 * Filters on schema fields. Values of `date` fields may be ISO strings or epoch milliseconds. `eq`/`in` on a
 * keyword field are case-insensitive. A document missing the field never matches `eq`, `in` or `range`.
 */
export type FilterClause =
  | { field: string; op: 'eq'; value: string | number | boolean }
  | { field: string; op: 'in'; values: Array<string | number> }
  | { field: string; op: 'range'; gte?: number | string; lte?: number | string; gt?: number | string; lt?: number | string }
  /** Matches documents whose field is present (not null); `exists: false` matches missing. */
  | { field: string; op: 'exists'; exists: boolean };

export interface GeoNear {
  field: string;
  lat: number;
  lon: number;
  /** Great-circle distance on a sphere of radius 6371 km; documents farther away (or without the field) are excluded. */
  radiusKm: number;
}

/** A lat/lon box (edges inclusive); `west > east` means the box crosses the antimeridian. */
export interface GeoBounds {
  field: string;
  north: number;
  south: number;
  east: number;
  west: number;
}

export type SortClause =
  /** A keyword, number, date or sortable text field. Documents missing the field come last in both directions. */
  | { by: 'field'; field: string; direction: 'asc' | 'desc' }
  /** Nearest first (asc) from the `near` point; ignored when the query has no `near`. */
  | { by: 'distance'; direction: 'asc' | 'desc' }
  /**
   * Best text match first; ignored when the query has no `text`. Scores are engine-specific (Elasticsearch
   * and SQLite bm25 weigh fields differently; when a word is common and a keyword/geo filter narrows the
   * set, SQLite ranks by "words found in the sortable name fields"), so add a field sort after it for ties.
   */
  | { by: 'relevance' };

export interface SearchQuery {
  /**
   * Free text matched against every `text` and searchable `keyword` field. Every word must match (in any
   * field); words of 3+ letters also match as a prefix ("berl" finds "Berlin"), diacritics and case are ignored, and
   * words of 4+ letters tolerate typos (one edit; two for 6+ letters) where the engine allows.
   */
  text?: string;
  /** All must match (AND). */
  filters?: FilterClause[];
  near?: GeoNear;
  bounds?: GeoBounds;
  /**
   * Applied in order (default: by id). Adapters always break remaining ties by `id`, so pages never repeat or
   * skip: ids that are integers ("42") order numerically and before any other ids, which order as strings.
   * The tie-break runs in the direction of the last `field`/`distance` clause (asc when there is none), which
   * lets the SQLite engine walk one index both ways.
   */
  sort?: SortClause[];
  /** 0-based offset and page size (default limit 100). */
  offset?: number;
  limit?: number;
  /** When set, only these top-level fields are returned in `source` (plus `id`); missing ones are left out. */
  fields?: string[];
}

export interface SearchHit<T = IndexDocument> {
  id: string;
  source: T;
  /** Present when the query has `near`: great-circle distance in km (R = 6371), not rounded. */
  distanceKm?: number;
}

export interface SearchResult<T = IndexDocument> {
  /** Every matching document, not just this page. */
  total: number;
  hits: Array<SearchHit<T>>;
}

export interface FacetRequest {
  /** Keyword fields whose distinct values are wanted. */
  terms?: string[];
  /** Number (or date, as epoch ms) fields whose min and max are wanted. */
  stats?: string[];
  /** Restricts the documents the facets are computed over. */
  filters?: FilterClause[];
  /** Top-n distinct values per field (default 1000). */
  size?: number;
}

export interface FacetResult {
  /**
   * Per field, distinct non-empty values with document counts, most frequent first, ties by value. Values
   * group case-insensitively; each group shows its most frequent spelling.
   */
  terms: Record<string, Array<{ value: string; count: number }>>;
  /** Per field, min and max over documents that have it (null when none do). */
  stats: Record<string, { min: number | null; max: number | null }>;
}

export interface SearchIndex {
  readonly engine: 'sqlite' | 'elasticsearch';
  /**
   * Creates the index for `schema` if missing (idempotent). Must run before any other call for that index.
   * When the index did not exist, or existed with a different schema (it is then recreated empty), answers
   * `{ created: true }`: the caller should replay its source (e.g. the projector rebuilds from the log).
   */
  init(schema: IndexSchema): Promise<{ created: boolean }>;
  /**
   * Inserts or replaces whole documents by id. Pass large batches (thousands) when loading: each call is one
   * transaction (SQLite) or one bulk request (Elasticsearch). Visible to `search` when the promise resolves.
   */
  upsert(index: string, docs: IndexDocument[]): Promise<void>;
  /** Unknown ids are ignored. */
  delete(index: string, ids: string[]): Promise<void>;
  get(index: string, id: string): Promise<IndexDocument | null>;
  /**
   * One page plus the total. The SQLite engine caches totals of identical conditions until the index
   * changes: round time bounds such as "upcoming since now" (e.g. to the minute) so repeated listings share them.
   */
  search<T = IndexDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>>;
  count(index: string, query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>): Promise<number>;
  facets(index: string, request: FacetRequest): Promise<FacetResult>;
  /**
   * Zero-downtime rebuild: returns a writer for a fresh, empty copy of the index; queries (and `upsert`/`delete`)
   * keep hitting the old copy until `commit()` swaps the new one in atomically (Elasticsearch: alias swap;
   * SQLite: version switch in one transaction) and drops the old one. `abort()` drops the new copy.
   */
  beginRebuild(index: string): Promise<IndexRebuild>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface IndexRebuild {
  upsert(docs: IndexDocument[]): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}
