/**
 * SearchIndex: the read-side search port, fed by projectors and queried by modules' query handlers.
 *
 * The port is engine-neutral and knows no business: an index is described by an `IndexSchema`, and a query is
 * a small AST (`SearchQuery`) that each adapter translates: `@evently/sqlite` into SQL over FTS5 + R*Tree, and
 * `@evently/elasticsearch` into the query DSL (multi_match, term/range filters, geo_distance, geo_bounding_box,
 * _geo_distance sort). Both pass `search-index.contract.ts` with the same fixtures and expected results, so
 * everything promised in these comments is checked on both engines.
 */

import { MAX_CURSOR_LENGTH, SearchCursorError } from './search-cursor.ts';

export type FieldSpec =
  /**
   * Full-text searched by `SearchQuery.text`; `boost` weighs relevance (default 1). The value may be a string
   * or an array of strings (e.g. tags). `sortable: true` also keeps a case-insensitive sort key, so the field
   * can be named in a `field` sort (e.g. sort by event name).
   */
  | { type: 'text'; boost?: number; sortable?: boolean }
  /**
   * Exact-match single string: filters (`eq`, `in`) compare case- and accent-insensitively ("Sao Paulo" is
   * "São Paulo"), facets group and sorting orders the same way. `searchable: true` also matches it with
   * `SearchQuery.text` (with `boost`), e.g. a city that is both a filter and a keyword target.
   * `sortedBy` names number or date fields that listings filtered by one value of this keyword sort by (a
   * category by price): the embedded engine keeps an index in that order per value, so such a page stops
   * after its rows instead of sorting every match. Elasticsearch needs nothing for it.
   */
  | { type: 'keyword'; searchable?: boolean; boost?: number; sortedBy?: string[] }
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
  /**
   * Field lists that queries often ask for as `fields` (a list card's), by name. The embedded engine keeps each
   * document's projection on each list ready from the write on (decision 024), so a query whose `fields` holds
   * exactly one list's fields (in any order) reads it instead of picking the fields out of every document; the
   * answer is the same. Elasticsearch needs nothing for it (`_source` includes), and its schema fingerprint
   * leaves this out; the embedded one counts it, so adding or changing a list rebuilds blue/green.
   */
  views?: Record<string, string[]>;
  /**
   * Answer fragments, by name, with the version of their rendering: top-level document fields whose value the
   * writer rendered as a piece of its own answers (a list card, a map pin). Engines keep them apart from the
   * document: `search`, `scan`, `get` and `getMany` never return them, and `searchFragments` returns one per
   * hit as JSON text, written as `JSON.stringify` writes the value, so a caller splices it into its answer
   * without parsing it. Raise a version when its rendering changes: the schema fingerprint (both
   * engines) then asks for a rebuild, which renders every document again.
   */
  fragments?: Record<string, number>;
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
  | {
      field: string;
      op: 'range';
      gte?: number | string;
      lte?: number | string;
      gt?: number | string;
      lt?: number | string;
    }
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
   * words of 4+ letters tolerate typos (one edit; two for 6+ letters) where the engine allows, and a word also
   * matches its English plural and inflected forms ("concerts" finds "concert"; see decision 021).
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
  /**
   * Cursor paging ("search after"): a previous answer's `nextCursor`, to get the page that follows it in the
   * same `sort` (which must not change between pages; other conditions may, as the answer then says). It
   * replaces `offset` (giving both is a `SearchCursorError`) and has no depth limit, so a walk through every
   * match never meets `MAX_RESULT_WINDOW`. Keyset paging over the live index, with no snapshot: a document
   * changed between two pages may show up in neither or in both, every other one exactly once. A cursor
   * this index did not make for this order is a `SearchCursorError`.
   */
  after?: string;
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
  /** Pass as `after` for the next page (of an offset page too); null when no match follows this page. */
  nextCursor: string | null;
}

/** A hit of `searchFragments`: the fragment's JSON text, or null for a document written without it. */
export interface FragmentHit {
  id: string;
  fragment: string | null;
  /** As `SearchHit.distanceKm`. */
  distanceKm?: number;
}

/** What `search` answers, with each hit's fragment in place of its source. */
export interface FragmentPage {
  total: number;
  hits: FragmentHit[];
  nextCursor: string | null;
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
   * group case- and accent-insensitively; each group shows a spelling with diacritics if it has one, else its
   * most frequent spelling.
   */
  terms: Record<string, Array<{ value: string; count: number }>>;
  /** Per field, min and max over documents that have it (null when none do). */
  stats: Record<string, { min: number | null; max: number | null }>;
}

/**
 * The deepest result an offset page may reach (`offset + limit`), on both engines alike: Elasticsearch's
 * default `index.max_result_window`, past which `from`/`size` paging costs memory on every shard. Adapters
 * refuse a deeper page with `SearchWindowError` (HTTP maps it to 400); walk further with `after` or `scan`.
 */
export const MAX_RESULT_WINDOW = 10_000;

export { MAX_CURSOR_LENGTH, SearchCursorError };

/** A page asked for past `MAX_RESULT_WINDOW`. */
export class SearchWindowError extends Error {
  constructor(
    readonly offset: number,
    readonly limit: number,
  ) {
    super(
      `Results past the first ${MAX_RESULT_WINDOW} cannot be paged to (offset ${offset} + limit ${limit}); narrow the query`,
    );
    this.name = 'SearchWindowError';
  }
}

/**
 * Throws `SearchWindowError` for a page past the window, and `SearchCursorError` for a cursor page with an
 * offset; both adapters call it before querying.
 */
export function assertWithinWindow(query: Pick<SearchQuery, 'offset' | 'limit' | 'after'>, defaultLimit: number): void {
  if (query.after !== undefined && (query.offset ?? 0) !== 0)
    throw new SearchCursorError('a cursor page takes no offset');
  const offset = query.offset ?? 0;
  const limit = query.limit ?? defaultLimit;
  if (offset + limit > MAX_RESULT_WINDOW) throw new SearchWindowError(offset, limit);
}

export interface UpsertOptions {
  /**
   * Names a positive integer field of every document (e.g. `aggregate_version`) that orders its changes: a
   * document is written only if its version is above the one held, and a write that is not is skipped (it was
   * already applied). Elasticsearch: external versioning (a 409 version conflict counts as applied); SQLite:
   * compared inside the write transaction. Makes redeliveries and replays idempotent without a read.
   */
  versionField?: string;
}

/**
 * A delete that only removes a document held at a lower version: compared with what the document was written
 * with (Elasticsearch: its external version; SQLite: the `versionField` passed to `delete`).
 */
export interface VersionedId {
  id: string;
  version: number;
}

/** Documents to write and documents to remove, given to `write` together. */
export interface IndexChanges {
  upsert?: IndexDocument[];
  delete?: Array<string | VersionedId>;
}

export interface CountOptions {
  /** Counting may stop at this many matches. */
  atMost?: number;
}

/** What `scan` walks: the query without paging (`sort` must give a total order, which the id tie-break does). */
export type ScanQuery = Omit<SearchQuery, 'offset' | 'limit' | 'after'>;

export interface SearchIndex {
  readonly engine: 'sqlite' | 'elasticsearch';
  /**
   * Creates the index for `schema` if missing (idempotent, and safe when several processes start at once).
   * Answers `{ created: true }` when the caller should replay its source: the index did not exist, or it
   * exists with a different schema. A changed schema is never applied in place: the existing copy keeps
   * serving (documents written meanwhile are stored whole, new fields unindexed) until a rebuild
   * (`beginRebuild` ... `commit`) swaps in a copy built with the new schema. Until then, reads use the
   * schema the serving copy was built with: a field only the new schema names reads as missing from every
   * document (a sort on it orders nothing, a filter on it matches nothing; served-schema.ts), never an error.
   */
  init(schema: IndexSchema): Promise<{ created: boolean }>;
  /**
   * Inserts or replaces whole documents by id. Pass large batches (thousands) when loading: each call is one
   * transaction (SQLite) or one bulk request (Elasticsearch). `get`/`getMany` see the write at once; `search`,
   * `count` and `facets` within the engine's refresh interval (Elasticsearch: 1 s; SQLite: at once), since
   * waiting for a refresh on every bulk would throttle the projectors. Call `refresh` to see them sooner.
   */
  upsert(index: string, docs: IndexDocument[], options?: UpsertOptions): Promise<void>;
  /** Unknown ids are ignored; a versioned id is deleted only if held at a lower version (pass the same `versionField`). */
  delete(index: string, ids: Array<string | VersionedId>, options?: UpsertOptions): Promise<void>;
  /**
   * `upsert` and `delete` as one write, with their rules: one transaction (SQLite), one bulk request per chunk
   * (Elasticsearch). A projector's batch that replaces some documents and removes others is then one new state of
   * the index for its readers, not two: each state is one more generation the SQLite readers' kept answers are
   * brought up to date with. An id should be in one list only (the order between the two is not promised).
   */
  write(index: string, changes: IndexChanges, options?: UpsertOptions): Promise<void>;
  get(index: string, id: string): Promise<IndexDocument | null>;
  /** Several documents in one round trip (Elasticsearch `_mget`); missing ids are absent from the map. */
  getMany(index: string, ids: string[]): Promise<Map<string, IndexDocument>>;
  /** Makes every write so far visible to `search` (tests; the end of a load). Production code need not call it. */
  refresh(index: string): Promise<void>;
  /**
   * One page plus the total and the cursor of the next page. `offset + limit` may not pass
   * `MAX_RESULT_WINDOW` (`SearchWindowError`); cursor pages (`after`) may go as deep as the matches do. The
   * SQLite engine caches totals of identical conditions until the index changes: round time bounds such as
   * "upcoming since now" (e.g. to the minute) so repeated listings share them.
   */
  search<T = IndexDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>>;
  /**
   * The page `search` gives for `query` (the same hits in the same order, total, distances and cursor), each hit
   * carrying its `fragment` (a name of `IndexSchema.fragments`) as JSON text instead of a source. A document
   * written before the fragment existed (an index not yet rebuilt) has null: answer that page from `search`.
   */
  searchFragments(index: string, query: Omit<SearchQuery, 'fields'>, fragment: string): Promise<FragmentPage>;
  /**
   * Every matching document in `query.sort` order (id tie-break included), `pageSize` at a time, with no depth
   * limit and a consistent view: Elasticsearch walks a point in time with `search_after`; SQLite reads in one
   * read transaction. For in-process loaders that need everything; HTTP clients page with `after` instead.
   */
  scan<T = IndexDocument>(index: string, query: ScanQuery, pageSize?: number): AsyncIterable<Array<SearchHit<T>>>;
  /**
   * How many documents match. With `atMost`, counting may stop there (the answer is min(total, atMost)): a
   * presence check (`atMost: 1`) then costs one matching row instead of all of them (Elasticsearch:
   * `terminate_after`).
   */
  count(
    index: string,
    query: Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields' | 'after'>,
    options?: CountOptions,
  ): Promise<number>;
  facets(index: string, request: FacetRequest): Promise<FacetResult>;
  /**
   * Zero-downtime rebuild: returns a writer for a fresh, empty copy of the index built with the schema last
   * given to `init`; queries (and `upsert`/`delete`) keep hitting the old copy until `commit()` swaps the new one
   * in atomically (Elasticsearch: one `_aliases` call that also checks the alias still points at the copy
   * the rebuild started from; SQLite: version switch in one transaction) and drops the old one. `abort()`
   * drops the new copy. The old copy is never deleted before the swap. Copies left by earlier rebuilds that
   * never finished are removed first (`dropUnusedCopies`): run one rebuild of an index at a time (the
   * projector runner's rebuild lease).
   */
  beginRebuild(index: string): Promise<IndexRebuild>;
  /**
   * Removes every copy of the index that is not the serving one: those a rebuild left when its process died
   * before `commit` or `abort` (Elasticsearch `<index>_vN` indices, the embedded engine's versioned tables).
   * A copy another process is building goes too, so only the holder of the rebuild lease calls it. Answers
   * the copies removed.
   */
  dropUnusedCopies(index: string): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Writes to (and reads back from) the copy being rebuilt, so a projector can stream the replay into it. */
export interface IndexRebuild {
  upsert(docs: IndexDocument[], options?: UpsertOptions): Promise<void>;
  delete(ids: Array<string | VersionedId>, options?: UpsertOptions): Promise<void>;
  getMany(ids: string[]): Promise<Map<string, IndexDocument>>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}
