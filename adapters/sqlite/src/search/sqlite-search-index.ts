/**
 * Embedded SearchIndex: a separate SQLite file (better-sqlite3, WAL) with, per index, a docs table of typed
 * columns, a contentless FTS5 table (bm25 with per-field boosts) and an R*Tree per geo field. A meta table maps
 * each logical index to its live table version, which is how a rebuild swaps atomically.
 */
import Database from 'better-sqlite3';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import {
  assertWithinWindow,
  type CountOptions,
  type FacetResult,
  type FragmentPage,
  type IndexChanges,
  type IndexDocument,
  type IndexRebuild,
  type IndexSchema,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  type VersionedId,
} from '@evently/platform';
import {
  asGeoPoint,
  storedSchemaFingerprint,
  emptyFacets,
  facetsForServedSchema,
  pendingFields,
  queryForServedSchema,
} from '@evently/platform/adapter-kit';
import {
  createIndexesSql,
  createTablesSql,
  dropSql,
  layoutFor,
  viewsTableColumns,
  type IndexLayout,
} from './index-layout.ts';
import { rowColumns, sameTexts, samePoint, searchableTexts, toRow } from './document-row.ts';
import { COMMON_TEXT_DOCUMENTS, DEFAULT_LIMIT, createSearchReader } from './search-reader.ts';
import { createReaderPool } from './reader-pool.ts';
import { KEPT_PAGE_ROWS, PageCache } from './page-cache.ts';
import { backfillFacetCountsSql, facetCountsSql } from './facet-counts.ts';
import { areaCountsSql, backfillAreaCountsSql } from './area-counts.ts';
import { backfillPresentCounts, presentCountsSql } from './present-counts.ts';
import { whileBusy, whileBusySync } from '../store/while-busy.ts';
import { startWalCheckpointer, type WalCheckpointerOptions } from '../store/wal-checkpointer.ts';
import {
  addDocumentWordScopes,
  commitScopesSql,
  noteScopesSql,
  orderedPageDependencies,
  queryDependencies,
  touchedTablesSql,
  writeScopesOf,
} from './write-scopes.ts';
import { changedRowsTablesSql, commitChangedRowsSql, noteChangedRowSql, noteChangedRowsSql } from './changed-rows.ts';
import { MMAP_SIZE_PRAGMA } from '../memory-map.ts';

export interface SqliteSearchIndexOptions {
  /** Path of the SQLite file (created when missing), or `:memory:`. */
  file: string;
  /**
   * Plan tuning: above this many documents matching the text, a selective filter (keyword equality, near,
   * bounds) drives the query and the text match is only probed. Default 5000; tests set 0 to cover both plans.
   */
  commonTextDocuments?: number;
  /**
   * Worker threads that answer `search`, `count` and `facets`, each over its own read-only connection, so a
   * slow query no longer blocks the event loop (HTTP, health checks, the projector). Default
   * `min(2, os.availableParallelism())`: two readers already take a slow geo query off the main thread
   * and let a second one run beside it, while more would only compete with the main thread and the
   * projector for the cores of a small host. 0 answers in the calling thread (the only choice for
   * `:memory:`, which a second connection cannot open).
   */
  readerThreads?: number;
  /** Says when `init` waits for another process that is setting the same file up. */
  logger?: Pick<Logger, 'warn' | 'info'>;
  /**
   * Checkpoints by a worker thread, never on the projector's commits (wal-checkpointer.ts): for a process that
   * serves requests on the thread that writes the index (the `all` role).
   */
  backgroundCheckpoints?: WalCheckpointerOptions;
}

/** FTS5's own default: merge once 4 segments of a level exist, keeping live updates cheap to query. */
const FTS_DEFAULT_AUTOMERGE = 4;
/** An index filled by live upserts (never rebuilt) still gets planner statistics every so many documents. */
const STATISTICS_EVERY = 50_000;

export const defaultReaderThreads = (): number => Math.min(2, availableParallelism());

export function createSqliteSearchIndex({
  file,
  commonTextDocuments = COMMON_TEXT_DOCUMENTS,
  readerThreads = defaultReaderThreads(),
  logger,
  backgroundCheckpoints,
}: SqliteSearchIndexOptions): SearchIndex {
  if (!Number.isInteger(readerThreads) || readerThreads < 0)
    throw new Error(`readerThreads must be a whole number >= 0, got ${readerThreads}`);
  const db = new Database(file);
  whileBusySync(() => db.pragma('journal_mode = WAL'));
  db.pragma('synchronous = NORMAL');
  // Only projectors write, one process at a time in practice; a reindex running next to the worker waits for
  // the other's transaction instead of failing. Readers never wait in WAL mode.
  db.pragma('busy_timeout = 5000');
  // Planner statistics from a sample: cheap enough to refresh while the projector keeps writing.
  db.pragma('analysis_limit = 1000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -131072');
  db.pragma(MMAP_SIZE_PRAGMA);
  db.exec(
    'CREATE TABLE IF NOT EXISTS search_index_meta (name TEXT PRIMARY KEY, version INTEGER NOT NULL, schema TEXT NOT NULL)',
  );
  const checkpointer = backgroundCheckpoints && !db.memory ? startWalCheckpointer(db, backgroundCheckpoints) : null;

  // The owning connection reads too: for `get`, for the writes' own lookups, and for every query when the
  // pool is off. Reader threads see this connection's commits when their next read transaction starts.
  const reader = createSearchReader(db, commonTextDocuments);
  const { live, readMeta } = reader;
  const prepared = reader.statements.prepared;
  const pool =
    readerThreads > 0 && !db.memory ? createReaderPool({ file, size: readerThreads, commonTextDocuments }) : null;
  // The map's pages of 1,000 pins, kept while no write touches them (page-cache.ts).
  const keptPages = new PageCache(db);
  const scopes = writeScopesOf(db);
  /** After this connection's own writes: kept answers are checked against what the write touched. */
  const noteWrite = (): void => scopes.noteOwnWrite();
  /** After a change of tables (a new copy, a swap): every kept total, set and row list is forgotten. */
  const invalidate = (): void => {
    reader.invalidate();
    scopes.noteOwnWrite();
  };
  /** Layouts whose writes this connection notes (write-scopes.ts): those with the tables, created at `init` or a rebuild's commit. */
  const noting = new Set<string>();
  const notesScopes = (layout: IndexLayout): boolean => {
    if (noting.has(layout.touched)) return true;
    if (
      db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(layout.touchedSeq.slice(1, -1)) === undefined
    )
      return false;
    for (const sql of noteScopesSql(layout)) db.exec(sql);
    // The changed rows' log beside the scopes: an index from before it gets it here, starting at this sequence.
    db.transaction(() => {
      for (const sql of [...changedRowsTablesSql(layout), ...noteChangedRowsSql()]) db.exec(sql);
    })();
    noting.add(layout.touched);
    return true;
  };
  /** The document held in row `rid`, before a write replaces or removes it. */
  const heldDocument = (layout: IndexLayout, rid: number): IndexDocument | null => {
    const held = prepared(`SELECT json(src) FROM ${layout.sources} WHERE rid = ?`).pluck().get(rid) as
      string | undefined;
    return held === undefined ? null : (JSON.parse(held) as IndexDocument);
  };
  /** The words of the document held in row `rid`, before a write removes it. */
  const addHeldWordScopes = (layout: IndexLayout, rid: number, into: Set<string>): void => {
    const held = heldDocument(layout, rid);
    if (held !== null) addDocumentWordScopes(layout, held, into);
  };
  /** Last in a writing transaction: the words it touched join what the triggers noted, under the next sequence. */
  const commitScopes = (layout: IndexLayout, words: Set<string>): void => {
    const note = prepared('INSERT OR IGNORE INTO temp.search_touched_now (scope) VALUES (?)');
    for (const word of words) note.run(word);
    for (const sql of commitScopesSql(layout)) prepared(sql).run();
    for (const sql of commitChangedRowsSql(layout)) prepared(sql).run();
  };
  /** A row this transaction wrote (with its searchable texts) or removed (null), for the changed rows' log. */
  const noteChangedRow = (rid: number, texts: Array<string | null> | null): void => {
    prepared(noteChangedRowSql).run(rid, texts === null ? null : JSON.stringify(texts));
  };
  /**
   * The first sort value of a page's cursor: the last row's value of the field the page is ordered by. Cursors
   * are base64url JSON of the order's fingerprint and then the ORDER BY keys (page-finder.ts, `encodeCursor`).
   */
  const lastSortValue = (cursor: string): unknown =>
    (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[])[1];
  const countNow = async (index: string, query: SearchQuery, options?: CountOptions): Promise<number> =>
    pool
      ? ((await pool.run({ method: 'count', index, query, options })) as number)
      : reader.count(index, query, options);
  let writtenSinceStatistics = 0;
  /** Schemas given to `init` that differ from the live copy's: applied by the next rebuild, never in place. */
  const pendingSchemas = new Map<string, IndexSchema>();

  /** Fields of a schema given to `init` that the live copy was not built with: read as missing until the swap. */
  const pendingOf = (index: string): ReadonlySet<string> => {
    const wanted = pendingSchemas.get(index);
    return wanted ? pendingFields(live(index).schema, wanted) : new Set();
  };

  /**
   * The row a document is held in and the version it is held at (the `versionField` of its stored source; null
   * when absent or not asked), or null when the index does not hold it: one lookup, which for a new document (most
   * of a feed's writes) is all a write reads before it.
   */
  const heldRow = (layout: IndexLayout, id: string, field?: string): { rid: number; version: number | null } | null => {
    if (field !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field))
      throw new Error(`Invalid version field "${field}"`);
    const held = prepared(
      field === undefined
        ? `SELECT rid, NULL AS version FROM ${layout.docs} WHERE id = ?`
        : `SELECT d.rid, json_extract(s.src, '$.${field}') AS version FROM ${layout.docs} d LEFT JOIN ${layout.sources} s ON s.rid = d.rid WHERE d.id = ?`,
    ).get(id) as { rid: number; version: unknown } | undefined;
    if (held === undefined) return null;
    return { rid: held.rid, version: typeof held.version === 'number' ? held.version : null };
  };

  const dropLayout = (layout: IndexLayout): void => {
    // Statements compiled against dropped tables must not be reused; their triggers go with them.
    reader.statements.clear();
    noting.delete(layout.touched);
    for (const sql of dropSql(layout)) db.exec(sql);
  };

  /** Documents written in the caller's transaction; the words whose scopes they touch join `words`. */
  const upsertRows = (
    layout: IndexLayout,
    docs: IndexDocument[],
    versionField: string | undefined,
    noted: boolean,
    words: Set<string> | null,
  ): void => {
    const names = rowColumns(layout);
    const upsertDoc = prepared(
      `INSERT INTO ${layout.docs} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})` +
        ` ON CONFLICT(id) DO UPDATE SET ${names
          .slice(1)
          .map((n) => `${n} = excluded.${n}`)
          .join(', ')} RETURNING rid`,
    ).pluck();
    const writeSource = prepared(`INSERT OR REPLACE INTO ${layout.sources} (rid, src) VALUES (?, jsonb(?))`);
    const storedColumns = viewsTableColumns(layout);
    const writeViews =
      storedColumns.length > 0
        ? prepared(
            `INSERT OR REPLACE INTO ${layout.viewsTable} (rid, ${storedColumns.join(', ')}) VALUES (?${', ?'.repeat(storedColumns.length)})`,
          )
        : null;
    const writeText =
      layout.searchable.length > 0
        ? prepared(
            `INSERT OR REPLACE INTO ${layout.fts} (rowid, ${layout.searchable.map((s) => s.column).join(', ')}) VALUES (?${', ?'.repeat(layout.searchable.length)})`,
          )
        : null;
    const geoWrites = Object.entries(layout.geo).map(([field, table]) => ({
      field,
      put: prepared(`INSERT OR REPLACE INTO ${table} VALUES (?, ?, ?, ?, ?)`),
      remove: prepared(`DELETE FROM ${table} WHERE id = ?`),
    }));
    for (const doc of docs) {
      if (versionField !== undefined) {
        const version = doc[versionField];
        if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
          throw new Error(
            `Document ${doc.id}: versioned writes need a positive integer "${versionField}", got ${String(version)}`,
          );
        }
      }
      const held = versionField !== undefined || words ? heldRow(layout, doc.id, versionField) : null;
      // Same rule as Elasticsearch's external versioning: only a higher version replaces what is held.
      if (held !== null && held.version !== null && held.version >= (doc[versionField!] as number)) continue;
      const row = toRow(layout, doc);
      // A rewrite that leaves the text as it was (a view count, a price) leaves the full-text row and the
      // words' scopes alone, and a point where it was leaves the R*Tree alone.
      const before = words && held ? heldDocument(layout, held.rid) : null;
      const sameText = before !== null && sameTexts(searchableTexts(layout, before), row.text);
      if (words && !sameText) {
        if (before) addDocumentWordScopes(layout, before, words);
        addDocumentWordScopes(layout, doc, words);
      }
      const rid = upsertDoc.get(row.values) as number;
      if (noted) noteChangedRow(rid, row.text ?? []);
      writeSource.run(rid, row.json);
      writeViews?.run(rid, ...row.views, ...row.fragments);
      if (writeText && row.text && !sameText) writeText.run(rid, ...row.text);
      for (const geo of geoWrites) {
        const point = row.geo[geo.field];
        if (before !== null && samePoint(asGeoPoint(before[geo.field]), point ?? null)) continue;
        if (point) geo.put.run(rid, point.lat, point.lat, point.lon, point.lon);
        else geo.remove.run(rid);
      }
    }
  };

  /** Documents removed in the caller's transaction; the words whose scopes they touch join `words`. */
  const deleteRows = (
    layout: IndexLayout,
    ids: Array<string | VersionedId>,
    versionField: string | undefined,
    noted: boolean,
    words: Set<string> | null,
  ): void => {
    const removeDoc = prepared(`DELETE FROM ${layout.docs} WHERE rid = ?`);
    const removeSource = prepared(`DELETE FROM ${layout.sources} WHERE rid = ?`);
    const removeViews =
      viewsTableColumns(layout).length > 0 ? prepared(`DELETE FROM ${layout.viewsTable} WHERE rid = ?`) : null;
    const removeText = layout.searchable.length > 0 ? prepared(`DELETE FROM ${layout.fts} WHERE rowid = ?`) : null;
    const removeGeo = Object.values(layout.geo).map((table) => prepared(`DELETE FROM ${table} WHERE id = ?`));
    for (const entry of ids) {
      const id = typeof entry === 'string' ? entry : entry.id;
      const versioned = typeof entry !== 'string';
      if (versioned && versionField === undefined)
        throw new Error('A versioned delete needs the versionField its documents were written with');
      const held = heldRow(layout, id, versioned ? versionField : undefined);
      if (held === null) continue;
      if (versioned && held.version !== null && held.version >= entry.version) continue;
      const { rid } = held;
      if (words) addHeldWordScopes(layout, rid, words);
      removeDoc.run(rid);
      if (noted) noteChangedRow(rid, null);
      removeSource.run(rid);
      removeViews?.run(rid);
      removeText?.run(rid);
      for (const statement of removeGeo) statement.run(rid);
    }
  };

  /**
   * Writes and removals in one transaction, so the index's readers see them as one new state; the words they
   * touched are noted once, under one sequence.
   */
  const writeChanges = (layout: IndexLayout, changes: IndexChanges, versionField?: string): void => {
    const docs = changes.upsert ?? [];
    const ids = changes.delete ?? [];
    if (docs.length === 0 && ids.length === 0) return;
    const noted = notesScopes(layout);
    const words = noted && layout.searchable.length > 0 ? new Set<string>() : null;
    db.transaction(() => {
      if (docs.length > 0) upsertRows(layout, docs, versionField, noted, words);
      if (ids.length > 0) deleteRows(layout, ids, versionField, noted, words);
      if (noted) commitScopes(layout, words ?? new Set());
    })();
    noteWrite();
    writtenSinceStatistics += docs.length;
    if (writtenSinceStatistics >= STATISTICS_EVERY) {
      writtenSinceStatistics = 0;
      db.pragma('optimize');
    }
  };

  /**
   * The facet counts and area counts tables and their triggers; each filled from the rows already there when the
   * table is new (an index from before it, or a bulk load, which runs without the triggers). Checked and filled in one
   * immediate transaction, so two processes starting at once cannot both fill it.
   */
  const ensureFacetCounts = (layout: IndexLayout): void => {
    db.transaction(() => {
      const existed =
        db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(layout.facets.slice(1, -1)) !==
        undefined;
      for (const sql of facetCountsSql(layout)) db.exec(sql);
      for (const sql of [...touchedTablesSql(layout), ...changedRowsTablesSql(layout)]) db.exec(sql);
      if (!existed) for (const sql of backfillFacetCountsSql(layout)) db.exec(sql);
      // Events per map cell and day (area-counts.ts), the same way: an index from before them is filled once.
      const tableExists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
      const newAreas = layout.areaCounts.filter((area) => tableExists.get(area.table.slice(1, -1)) === undefined);
      for (const sql of areaCountsSql(layout)) db.exec(sql);
      for (const area of newAreas) db.exec(backfillAreaCountsSql(area, layout));
      // Documents per number and date field (present-counts.ts), the same way.
      const newPresent = tableExists.get(layout.presentCounts.slice(1, -1)) === undefined;
      for (const sql of presentCountsSql(layout)) db.exec(sql);
      if (newPresent) backfillPresentCounts(db, layout);
    }).immediate();
  };

  /**
   * Tables of the index's copies other than the live one (`search_<name>_v<N>_...`), by copy. Virtual tables
   * first: dropping one drops its shadow tables, which cannot be dropped on their own.
   */
  const dropCopiesBut = (index: string, keep: number): string[] => {
    const pattern = new RegExp(`^search_${index}_v(\\d+)_`);
    const tablesOf = () =>
      (
        db
          .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name LIKE 'search\\_%' ESCAPE '\\'")
          .all() as Array<{ name: string; sql: string | null }>
      )
        .map((table) => ({ ...table, version: Number(pattern.exec(table.name)?.[1] ?? keep) }))
        .filter((table) => table.version !== keep);
    const copies = new Set(tablesOf().map((table) => `search_${index}_v${table.version}`));
    if (copies.size === 0) return [];
    reader.statements.clear();
    db.transaction(() => {
      const virtual = tablesOf().filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? ''));
      // A vocabulary table reads its full-text table: dropped before it.
      virtual.sort((a, b) => Number(b.name.endsWith('_vocab')) - Number(a.name.endsWith('_vocab')));
      for (const table of virtual) db.exec(`DROP TABLE IF EXISTS "${table.name}"`);
      for (const table of tablesOf()) db.exec(`DROP TABLE IF EXISTS "${table.name}"`);
    })();
    return [...copies];
  };

  const createLayout = (layout: IndexLayout, withIndexes: boolean): void => {
    for (const sql of createTablesSql(layout)) db.exec(sql);
    if (withIndexes) {
      for (const sql of createIndexesSql(layout)) db.exec(sql);
      ensureFacetCounts(layout);
    }
    // A bulk load merges FTS segments once at the end ('optimize') instead of after every flush.
    else if (layout.searchable.length > 0) setAutomerge(layout, 0);
  };

  /**
   * The live copy's tables made sure of, or the index created when the meta table has none. The check and the
   * setup are one IMMEDIATE transaction: a process starting beside another waits for the other's setup to
   * commit and then finds the index made, instead of failing on a stale read or dropping the tables just made.
   */
  const setUp = db.transaction((schema: IndexSchema, wanted: string): 'kept' | 'pending' | 'created' => {
    const meta = readMeta(schema.name);
    if (meta) {
      // A schema other than the live copy's: like Elasticsearch, the live copy keeps serving and the caller's
      // rebuild brings the new schema in.
      createLayout(live(schema.name), true);
      return meta.schema === wanted ? 'kept' : 'pending';
    }
    const layout = layoutFor(schema, 1);
    dropLayout(layout);
    createLayout(layout, true);
    prepared(
      'INSERT INTO search_index_meta (name, version, schema) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET version = excluded.version, schema = excluded.schema',
    ).run(schema.name, layout.version, wanted);
    return 'created';
  }).immediate;

  const setAutomerge = (layout: IndexLayout, segments: number): void => {
    db.exec(`INSERT INTO ${layout.fts} (${layout.fts}, rank) VALUES ('automerge', ${Math.trunc(segments)})`);
  };

  return {
    engine: 'sqlite',

    async init(schema) {
      const wanted = storedSchemaFingerprint(schema);
      const outcome = await whileBusy(() => setUp(schema, wanted), { what: `search index ${schema.name}`, logger });
      if (outcome === 'pending') pendingSchemas.set(schema.name, schema);
      else pendingSchemas.delete(schema.name);
      if (outcome === 'created') invalidate();
      return { created: outcome !== 'kept' };
    },

    async upsert(index, docs, options) {
      writeChanges(live(index), { upsert: docs }, options?.versionField);
    },

    async delete(index, ids, options) {
      writeChanges(live(index), { delete: ids }, options?.versionField);
    },

    async write(index, changes, options) {
      writeChanges(live(index), changes, options?.versionField);
    },

    async getMany(index, ids) {
      const found = new Map<string, IndexDocument>();
      for (const id of ids) {
        const doc = reader.get(index, id);
        if (doc) found.set(id, doc);
      }
      return found;
    },

    async refresh() {
      // Every commit is visible to the next read transaction: nothing to wait for.
    },

    async get(index, id) {
      // One indexed lookup: cheaper here than a round trip to a reader thread, and always sees this
      // connection's own writes.
      return reader.get(index, id);
    },

    async search<T = IndexDocument>(index: string, asked: SearchQuery): Promise<SearchResult<T>> {
      assertWithinWindow(asked, DEFAULT_LIMIT);
      const { query, matchesNothing } = queryForServedSchema(asked, pendingOf(index));
      if (matchesNothing) return { total: 0, hits: [], nextCursor: null };
      // A reader thread answers a search as JSON text (search-reader.ts, `searchJson`).
      return pool
        ? (JSON.parse((await pool.run({ method: 'search', index, query })) as string) as SearchResult<T>)
        : reader.search<T>(index, query);
    },

    async searchFragments(index, asked, fragment) {
      assertWithinWindow(asked, DEFAULT_LIMIT);
      const { query, matchesNothing } = queryForServedSchema(asked, pendingOf(index));
      if (matchesNothing) return { total: 0, hits: [], nextCursor: null };
      const read = async (): Promise<FragmentPage> =>
        pool
          ? ((await pool.run({ method: 'fragments', index, query, fragment })) as FragmentPage)
          : reader.searchFragments(index, query, fragment);
      if ((query.limit ?? DEFAULT_LIMIT) <= KEPT_PAGE_ROWS) return read();
      // Kept while no write touches what its rows depend on; the words are left out (each dependency is enough alone).
      const layout = live(index);
      const whole = { layout, dependencies: queryDependencies(layout, query, null) };
      // A page in one field's order with only that field's ranges is kept while no write reaches its rows...
      const rowsOnly = (page: FragmentPage) => {
        const dependencies =
          page.nextCursor === null ? null : orderedPageDependencies(layout, query, lastSortValue(page.nextCursor));
        return dependencies === null ? null : { layout, dependencies };
      };
      const page = await keptPages.getWith(
        JSON.stringify([layout.docs, fragment, query]),
        whole,
        read,
        (answer) => rowsOnly(answer) ?? whole,
      );
      // ...but its total counts every match, wherever a write put it: counted now (a kept count, usually).
      return rowsOnly(page) === null ? page : { ...page, total: await countNow(index, query) };
    },

    async *scan<T = IndexDocument>(index: string, asked: Omit<SearchQuery, 'offset' | 'limit'>, pageSize = 1000) {
      const { query, matchesNothing } = queryForServedSchema(asked, pendingOf(index));
      if (matchesNothing) return;
      // Offset pages on the owning connection, past the window `search` enforces: a local file has no
      // per-shard cost for depth. Unlike Elasticsearch's point in time, a write between pages may shift rows.
      for (let offset = 0; ; offset += pageSize) {
        const { hits } = reader.search<T>(index, { ...query, offset, limit: pageSize });
        if (hits.length > 0) yield hits;
        if (hits.length < pageSize) return;
      }
    },

    async count(index, asked, options) {
      const { query, matchesNothing } = queryForServedSchema(asked, pendingOf(index));
      if (matchesNothing) return 0;
      return countNow(index, query, options);
    },

    async facets(index, asked) {
      const { request, emptyTerms, emptyStats, matchesNothing } = facetsForServedSchema(asked, pendingOf(index));
      if (matchesNothing) return emptyFacets(asked);
      const counted = pool
        ? ((await pool.run({ method: 'facets', index, request })) as FacetResult)
        : reader.facets(index, request);
      for (const field of emptyTerms) counted.terms[field] = [];
      for (const field of emptyStats) counted.stats[field] = { min: null, max: null };
      return counted;
    },

    async beginRebuild(index): Promise<IndexRebuild> {
      const current = live(index);
      const next = layoutFor(pendingSchemas.get(index) ?? current.schema, current.version + 1);
      // Whatever an unfinished rebuild left, under this version's names or others.
      dropCopiesBut(index, current.version);
      // Secondary indexes are built once at commit: cheaper than maintaining them row by row during a load.
      createLayout(next, false);
      let finished = false;
      const ensureOpen = () => {
        if (finished) throw new Error(`Rebuild of "${index}" already finished`);
      };
      return {
        async upsert(docs, options) {
          ensureOpen();
          writeChanges(next, { upsert: docs }, options?.versionField);
        },
        async delete(ids, options) {
          ensureOpen();
          writeChanges(next, { delete: ids }, options?.versionField);
        },
        async getMany(ids) {
          ensureOpen();
          const found = new Map<string, IndexDocument>();
          const read = prepared(
            `SELECT json(s.src) FROM ${next.docs} d JOIN ${next.sources} s ON s.rid = d.rid WHERE d.id = ?`,
          ).pluck();
          for (const id of ids) {
            const src = read.get(id) as string | undefined;
            if (src !== undefined) found.set(id, JSON.parse(src) as IndexDocument);
          }
          return found;
        },
        async commit() {
          ensureOpen();
          finished = true;
          for (const sql of createIndexesSql(next)) db.exec(sql);
          ensureFacetCounts(next);
          if (next.searchable.length > 0) {
            db.exec(`INSERT INTO ${next.fts} (${next.fts}) VALUES ('optimize')`);
            setAutomerge(next, FTS_DEFAULT_AUTOMERGE);
          }
          db.transaction(() => {
            prepared('UPDATE search_index_meta SET version = ?, schema = ? WHERE name = ?').run(
              next.version,
              storedSchemaFingerprint(next.schema),
              index,
            );
            dropLayout(current);
          })();
          if (pendingSchemas.get(index) === next.schema) pendingSchemas.delete(index);
          db.exec('ANALYZE');
          invalidate();
        },
        async abort() {
          if (finished) return;
          finished = true;
          dropLayout(next);
        },
      };
    },

    async dropUnusedCopies(index) {
      const meta = readMeta(index);
      return meta ? dropCopiesBut(index, meta.version) : [];
    },

    async ping() {
      db.prepare('SELECT 1').get();
    },

    async close() {
      if (!db.open) return;
      // Readers first: the owning connection then closes last and can checkpoint and remove the WAL file.
      await pool?.close();
      await checkpointer?.close();
      db.pragma('optimize');
      db.close();
    },
  };
}
