/**
 * SearchIndex: the read-side search port, fed by projectors and queried by modules' query handlers.
 *
 * The port is engine-neutral and knows no business: an index is described by an `IndexSchema`, and a query is
 * a small AST (`SearchQuery`) that each adapter translates: `sqlite-fts/` into SQL over FTS5 + R*Tree, and
 * `elasticsearch/` into the query DSL (multi_match, term/range filters, geo_distance, geo_bounding_box,
 * _geo_distance sort). Both pass `search-index.contract.ts` with the same fixtures and expected results.
 */

export type FieldSpec =
  /** Full-text searched by `SearchQuery.text`; `boost` weighs relevance (default 1). Stored as-is too. */
  | { type: 'text'; boost?: number }
  /** Exact-match string: filters (`eq`, `in`) and facets compare case-insensitively. Sortable. */
  | { type: 'keyword' }
  | { type: 'number' }
  /** ISO-8601 instant; filters and sorts chronologically. */
  | { type: 'date' }
  /** A `{ lat, lon }` object (or null); used by `near`, `bounds` and distance sort. */
  | { type: 'geo' };

export interface IndexSchema {
  /** Logical index name, e.g. `events`. Adapters may add a version suffix behind an alias. */
  name: string;
  fields: Record<string, FieldSpec>;
  /** Stored but neither indexed nor filterable; returned in `source`. Everything not in `fields` is this. */
}

/** A document as indexed: `id` plus any fields; fields not named in the schema are only stored. */
export interface IndexDocument {
  id: string;
  [field: string]: unknown;
}

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
  /** Great-circle distance on a sphere of radius 6371 km. */
  radiusKm: number;
}

/** A lat/lon box; `west > east` means the box crosses the antimeridian. */
export interface GeoBounds {
  field: string;
  north: number;
  south: number;
  east: number;
  west: number;
}

export type SortClause =
  | { by: 'field'; field: string; direction: 'asc' | 'desc' }
  /** Nearest first (asc) from the `near` point; requires `near`. */
  | { by: 'distance'; direction: 'asc' | 'desc' }
  /** Best text match first; requires `text`. */
  | { by: 'relevance' };

export interface SearchQuery {
  /** Free text matched against every `text` field, relevance ranked; typo-tolerant where the engine allows. */
  text?: string;
  filters?: FilterClause[];
  near?: GeoNear;
  bounds?: GeoBounds;
  /** Applied in order; adapters always break remaining ties by `id` ascending so pages never overlap. */
  sort?: SortClause[];
  /** 0-based offset and page size. */
  offset?: number;
  limit?: number;
  /** When set, only these fields are returned in `source` (plus `id`). */
  fields?: string[];
}

export interface SearchHit<T = IndexDocument> {
  id: string;
  source: T;
  /** Present when the query has `near`: great-circle distance in km, not rounded. */
  distanceKm?: number;
}

export interface SearchResult<T = IndexDocument> {
  total: number;
  hits: Array<SearchHit<T>>;
}

export interface FacetRequest {
  /** Keyword fields whose distinct values are wanted. */
  terms?: string[];
  /** Number fields whose min and max are wanted. */
  stats?: string[];
  /** Restricts the documents the facets are computed over. */
  filters?: FilterClause[];
  /** Top-n distinct values per field (default 1000). */
  size?: number;
}

export interface FacetResult {
  /** Per field, distinct non-empty values with document counts, most frequent first. */
  terms: Record<string, Array<{ value: string; count: number }>>;
  /** Per field, min and max over documents that have it (null when none do). */
  stats: Record<string, { min: number | null; max: number | null }>;
}

export interface SearchIndex {
  readonly engine: 'sqlite' | 'elasticsearch';
  /** Creates the index for `schema` if missing (idempotent). */
  init(schema: IndexSchema): Promise<void>;
  upsert(index: string, docs: IndexDocument[]): Promise<void>;
  delete(index: string, ids: string[]): Promise<void>;
  get(index: string, id: string): Promise<IndexDocument | null>;
  search<T = IndexDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>>;
  count(index: string, query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>): Promise<number>;
  facets(index: string, request: FacetRequest): Promise<FacetResult>;
  /**
   * Zero-downtime rebuild: returns a writer for a fresh copy of the index; queries keep hitting the old copy
   * until `commit()` swaps it in atomically (Elasticsearch: alias swap; SQLite: table rename in a transaction).
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
