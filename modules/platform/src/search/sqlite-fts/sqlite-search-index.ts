/**
 * Embedded SearchIndex: a separate SQLite file (better-sqlite3, WAL) with, per index, a docs table of typed
 * columns, a contentless FTS5 table (bm25 with per-field boosts) and an R*Tree per geo field. A meta table maps
 * each logical index to its live table version, which is how a rebuild swaps atomically.
 */
import Database from 'better-sqlite3';
import type {
  FacetRequest,
  FacetResult,
  IndexDocument,
  IndexRebuild,
  IndexSchema,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../search-index.port.ts';
import { createIndexesSql, createTablesSql, dropSql, layoutFor, column, type IndexLayout } from './index-layout.ts';
import { rowColumns, toRow } from './document-row.ts';
import { ftsMatch } from './fts-match.ts';
import { coveredByGeoIndex, fromWhereSql, hasSelectiveCondition, orderBySql, planMatch, type MatchPlan } from './search-sql.ts';
import { CountCache } from './count-cache.ts';
import { asEpochMillis } from '../field-values.ts';

export interface SqliteSearchIndexOptions {
  /** Path of the SQLite file (created when missing), or `:memory:`. */
  file: string;
  /**
   * Plan tuning: above this many documents matching the text, a selective filter (keyword equality, near,
   * bounds) drives the query and the text match is only probed. Default 5000; tests set 0 to cover both plans.
   */
  commonTextDocuments?: number;
}

const DEFAULT_LIMIT = 100;
const DEFAULT_FACET_SIZE = 1000;
const STATEMENT_CACHE_SIZE = 500;
const COMMON_TEXT_DOCUMENTS = 5000;
/** FTS5's own default: merge once 4 segments of a level exist, keeping live updates cheap to query. */
const FTS_DEFAULT_AUTOMERGE = 4;
/** An index filled by live upserts (never rebuilt) still gets planner statistics every so many documents. */
const STATISTICS_EVERY = 50_000;
/** Largest complement worth counting instead of the range itself. */
const COMPLEMENT_LIMIT = 200_000;

type MatchQuery = Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields'>;

interface MetaRow {
  version: number;
  schema: string;
}

export function createSqliteSearchIndex({ file, commonTextDocuments = COMMON_TEXT_DOCUMENTS }: SqliteSearchIndexOptions): SearchIndex {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Only projectors write, one process at a time in practice; a reindex running next to the worker waits for
  // the other's transaction instead of failing. Readers never wait in WAL mode.
  db.pragma('busy_timeout = 5000');
  // Planner statistics from a sample: cheap enough to refresh while the projector keeps writing.
  db.pragma('analysis_limit = 1000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -131072');
  db.pragma('mmap_size = 1073741824');
  db.exec(
    'CREATE TABLE IF NOT EXISTS search_index_meta (name TEXT PRIMARY KEY, version INTEGER NOT NULL, schema TEXT NOT NULL)',
  );

  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const layouts = new Map<string, IndexLayout>();
  const counts = new CountCache(db);
  let writtenSinceStatistics = 0;

  const readMeta = (name: string): MetaRow | undefined =>
    prepared('SELECT version, schema FROM search_index_meta WHERE name = ?').get(name) as MetaRow | undefined;

  /** The live layout; read per call (one indexed row) so another process's rebuild is seen at once. */
  const live = (name: string): IndexLayout => {
    const meta = readMeta(name);
    if (!meta) throw new Error(`Search index "${name}" is not initialised`);
    const key = `${name}@${meta.version}`;
    let layout = layouts.get(key);
    if (!layout) {
      layout = layoutFor(JSON.parse(meta.schema) as IndexSchema, meta.version);
      layouts.set(key, layout);
    }
    return layout;
  };

  const dropLayout = (layout: IndexLayout): void => {
    // Statements compiled against dropped tables must not be reused.
    statements.clear();
    for (const sql of dropSql(layout)) db.exec(sql);
  };

  const writeDocs = (layout: IndexLayout, docs: IndexDocument[]): void => {
    if (docs.length === 0) return;
    const names = rowColumns(layout);
    const upsertDoc = prepared(
      `INSERT INTO ${layout.docs} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})` +
        ` ON CONFLICT(id) DO UPDATE SET ${names.slice(1).map((n) => `${n} = excluded.${n}`).join(', ')} RETURNING rid`,
    ).pluck();
    const writeSource = prepared(`INSERT OR REPLACE INTO ${layout.sources} (rid, src) VALUES (?, jsonb(?))`);
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
    db.transaction(() => {
      for (const doc of docs) {
        const row = toRow(layout, doc);
        const rid = upsertDoc.get(row.values) as number;
        writeSource.run(rid, row.json);
        if (writeText && row.text) writeText.run(rid, ...row.text);
        for (const geo of geoWrites) {
          const point = row.geo[geo.field];
          if (point) geo.put.run(rid, point.lat, point.lat, point.lon, point.lon);
          else geo.remove.run(rid);
        }
      }
    })();
    counts.invalidate();
    writtenSinceStatistics += docs.length;
    if (writtenSinceStatistics >= STATISTICS_EVERY) {
      writtenSinceStatistics = 0;
      db.pragma('optimize');
    }
  };

  const deleteDocs = (layout: IndexLayout, ids: string[]): void => {
    const findRid = prepared(`SELECT rid FROM ${layout.docs} WHERE id = ?`).pluck();
    const removeDoc = prepared(`DELETE FROM ${layout.docs} WHERE rid = ?`);
    const removeSource = prepared(`DELETE FROM ${layout.sources} WHERE rid = ?`);
    const removeText = layout.searchable.length > 0 ? prepared(`DELETE FROM ${layout.fts} WHERE rowid = ?`) : null;
    const removeGeo = Object.values(layout.geo).map((table) => prepared(`DELETE FROM ${table} WHERE id = ?`));
    db.transaction(() => {
      for (const id of ids) {
        const rid = findRid.get(id) as number | undefined;
        if (rid === undefined) continue;
        removeDoc.run(rid);
        removeSource.run(rid);
        removeText?.run(rid);
        for (const statement of removeGeo) statement.run(rid);
      }
    })();
    counts.invalidate();
  };

  const createLayout = (layout: IndexLayout, withIndexes: boolean): void => {
    for (const sql of createTablesSql(layout)) db.exec(sql);
    if (withIndexes) for (const sql of createIndexesSql(layout)) db.exec(sql);
    // A bulk load merges FTS segments once at the end ('optimize') instead of after every flush.
    else if (layout.searchable.length > 0) setAutomerge(layout, 0);
  };

  const setAutomerge = (layout: IndexLayout, segments: number): void => {
    db.exec(`INSERT INTO ${layout.fts} (${layout.fts}, rank) VALUES ('automerge', ${Math.trunc(segments)})`);
  };

  const total = (layout: IndexLayout, query: MatchQuery, plan: MatchPlan): number => {
    const complement = complementCount(layout, query);
    if (complement !== null) return complement;
    const sql = `SELECT count(*) ${fromWhereSql(plan)}`;
    return counts.get(sql, plan.params, () => prepared(sql).pluck().get(plan.params) as number);
  };

  /**
   * `field >= x` alone (the "upcoming events" default of every listing) matches most of the index, and
   * counting it walks most of an index. Counting the few rows below `x` and subtracting them from the rows
   * that have the field (cached until the next write) answers the same in a fraction of the time.
   */
  const complementCount = (layout: IndexLayout, query: MatchQuery): number | null => {
    const filters = query.filters ?? [];
    const only = filters[0];
    if (query.text || query.near || query.bounds || filters.length !== 1 || only?.op !== 'range') return null;
    if (only.lte !== undefined || only.lt !== undefined || (only.gte === undefined) === (only.gt === undefined)) return null;
    const spec = layout.schema.fields[only.field];
    if (spec?.type !== 'number' && spec?.type !== 'date') return null;
    const target = spec.type === 'number' ? `d.${column.number(only.field)}` : `d.${column.date(only.field)}`;
    const bound = only.gte ?? only.gt;
    const value = spec.type === 'number' ? Number(bound) : asEpochMillis(bound);
    if (value === null || Number.isNaN(value)) return null;
    const presentSql = `SELECT count(*) FROM ${layout.docs} d WHERE ${target} IS NOT NULL`;
    const belowSql = `SELECT count(*) FROM (SELECT 1 FROM ${layout.docs} d WHERE ${target} ${only.gte !== undefined ? '<' : '<='} @value LIMIT ${COMPLEMENT_LIMIT})`;
    const below = counts.get(belowSql, { value }, () => prepared(belowSql).pluck().get({ value }) as number);
    if (below >= COMPLEMENT_LIMIT) return null;
    return counts.get(presentSql, {}, () => prepared(presentSql).pluck().get() as number) - below;
  };

  /** Sources of one page, read by rowid after the page is decided; `fields` reads single JSONB paths. */
  const loadSources = (layout: IndexLayout, rids: number[], fields: string[] | undefined): Map<number, IndexDocument> => {
    const columns = fields
      ? fields.map((field, i) => `src -> ${sqlString(`$."${field.replaceAll('"', '')}"`)} AS f${i}`).join(', ')
      : 'json(src) AS src';
    const rows = prepared(`SELECT rid, ${columns} FROM ${layout.sources} WHERE rid IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(rids),
    ) as Array<Record<string, unknown>>;
    const sources = new Map<number, IndexDocument>();
    for (const row of rows) {
      if (!fields) {
        sources.set(row.rid as number, JSON.parse(row.src as string) as IndexDocument);
        continue;
      }
      const source: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        const json = row[`f${i}`];
        if (typeof json === 'string') source[field] = JSON.parse(json);
      });
      sources.set(row.rid as number, source as IndexDocument);
    }
    return sources;
  };

  const plansFor = (layout: IndexLayout, query: SearchQuery): { page: MatchPlan; count: MatchPlan } => {
    const match = query.text ? ftsMatch(db, layout, query.text) : null;
    if (!match) {
      const plan = planMatch(layout, query, null, false, 'fts', [], coveredByGeoIndex(layout, query));
      return { page: plan, count: plan };
    }
    const drive = match.estimate > commonTextDocuments && hasSelectiveCondition(query, layout) ? 'docs' : 'fts';
    const count = planMatch(layout, query, match.expression, false, drive);
    const wantScore = (query.sort ?? []).some((clause) => clause.by === 'relevance');
    return { page: wantScore ? planMatch(layout, query, match.expression, true, drive, match.words) : count, count };
  };

  return {
    engine: 'sqlite',

    async init(schema) {
      const wanted = JSON.stringify(schema);
      const meta = readMeta(schema.name);
      if (meta && meta.schema === wanted) {
        createLayout(live(schema.name), true);
        return { created: false };
      }
      const layout = layoutFor(schema, (meta?.version ?? 0) + 1);
      db.transaction(() => {
        if (meta) dropLayout(live(schema.name));
        dropLayout(layout);
        createLayout(layout, true);
        prepared(
          'INSERT INTO search_index_meta (name, version, schema) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET version = excluded.version, schema = excluded.schema',
        ).run(schema.name, layout.version, wanted);
      })();
      counts.invalidate();
      return { created: true };
    },

    async upsert(index, docs) {
      writeDocs(live(index), docs);
    },

    async delete(index, ids) {
      deleteDocs(live(index), ids);
    },

    async get(index, id) {
      const layout = live(index);
      const src = prepared(`SELECT json(s.src) FROM ${layout.docs} d JOIN ${layout.sources} s ON s.rid = d.rid WHERE d.id = ?`)
        .pluck()
        .get(id) as string | undefined;
      return src === undefined ? null : (JSON.parse(src) as IndexDocument);
    },

    async search<T = IndexDocument>(index: string, query: SearchQuery): Promise<SearchResult<T>> {
      const layout = live(index);
      const plans = plansFor(layout, query);
      const limit = query.limit ?? DEFAULT_LIMIT;
      const offset = query.offset ?? 0;
      const known = offset > 0 ? total(layout, query, plans.count) : null;
      if (known !== null && offset >= known) return { total: known, hits: [] };
      // Past the middle, walking the order backwards from the end skips fewer rows than OFFSET would.
      const reversed = known !== null && offset > known / 2;
      const window = reversed
        ? { limit: Math.min(limit, known - offset), offset: Math.max(0, known - offset - limit) }
        : { limit, offset };
      const page = plans.page;
      // Text and geo pages sort every match anyway; counting in the same pass (a window count) saves a
      // second walk over the same rows. Index-ordered pages stop after `limit` rows, so they count apart.
      const countInPage = known === null && (page.distance !== null || query.bounds !== undefined || page.score !== null || query.text !== undefined);
      const sql =
        `SELECT d.rid, d.id${page.distance ? `, ${page.distance} AS dist` : ''}${countInPage ? ', count(*) OVER () AS total_rows' : ''} ` +
        `${fromWhereSql(page)} ${orderBySql(layout, query, page, reversed)} LIMIT @limit OFFSET @offset`;
      const rows = prepared(sql).all({ ...page.params, ...window }) as Array<Record<string, unknown>>;
      if (reversed) rows.reverse();
      const sources = loadSources(layout, rows.map((row) => row.rid as number), query.fields);
      const hits = rows.map((row) => {
        const id = row.id as string;
        const source = sources.get(row.rid as number) ?? { id };
        const hit: SearchHit = { id, source: query.fields ? Object.assign({ id }, source) : source };
        if (page.distance) hit.distanceKm = row.dist as number;
        return hit as SearchHit<T>;
      });
      const inPage = countInPage ? ((rows[0]?.total_rows as number | undefined) ?? 0) : null;
      const count = known ?? inPage ?? (hits.length < limit ? hits.length : total(layout, query, plans.count));
      return { total: count, hits };
    },

    async count(index, query) {
      const layout = live(index);
      return total(layout, query, plansFor(layout, query).count);
    },

    async facets(index: string, request: FacetRequest): Promise<FacetResult> {
      const layout = live(index);
      const plan = planMatch(layout, { filters: request.filters ?? [] }, null, false);
      const size = request.size ?? DEFAULT_FACET_SIZE;
      const result: FacetResult = { terms: {}, stats: {} };
      for (const field of request.terms ?? []) {
        if (layout.schema.fields[field]?.type !== 'keyword') throw new Error(`"${field}" is not a keyword field`);
        const lower = `d.${column.keywordLower(field)}`;
        const sql = `SELECT ${lower} AS key, d.${column.keywordRaw(field)} AS raw, count(*) AS n ${fromWhereSql(plan, [`${lower} IS NOT NULL`])} GROUP BY 1, 2`;
        const rows = counts.get(sql, plan.params, () => prepared(sql).all(plan.params)) as Array<{ key: string; raw: string; n: number }>;
        result.terms[field] = groupSpellings(rows).slice(0, size);
      }
      for (const field of request.stats ?? []) {
        const type = layout.schema.fields[field]?.type;
        if (type !== 'number' && type !== 'date') throw new Error(`"${field}" is not a number or date field`);
        const target = type === 'number' ? `d.${column.number(field)}` : `d.${column.date(field)}`;
        const sql = `SELECT min(${target}) AS min, max(${target}) AS max ${fromWhereSql(plan)}`;
        const row = counts.get(sql, plan.params, () => prepared(sql).get(plan.params)) as { min: number | null; max: number | null };
        result.stats[field] = { min: row.min, max: row.max };
      }
      return result;
    },

    async beginRebuild(index): Promise<IndexRebuild> {
      const current = live(index);
      const next = layoutFor(current.schema, current.version + 1);
      dropLayout(next);
      // Secondary indexes are built once at commit: cheaper than maintaining them row by row during a load.
      createLayout(next, false);
      let finished = false;
      const ensureOpen = () => {
        if (finished) throw new Error(`Rebuild of "${index}" already finished`);
      };
      return {
        async upsert(docs) {
          ensureOpen();
          writeDocs(next, docs);
        },
        async commit() {
          ensureOpen();
          finished = true;
          for (const sql of createIndexesSql(next)) db.exec(sql);
          if (next.searchable.length > 0) {
            db.exec(`INSERT INTO ${next.fts} (${next.fts}) VALUES ('optimize')`);
            setAutomerge(next, FTS_DEFAULT_AUTOMERGE);
          }
          db.transaction(() => {
            prepared('UPDATE search_index_meta SET version = ? WHERE name = ?').run(next.version, index);
            dropLayout(current);
          })();
          db.exec('ANALYZE');
          counts.invalidate();
        },
        async abort() {
          if (finished) return;
          finished = true;
          dropLayout(next);
        },
      };
    },

    async ping() {
      db.prepare('SELECT 1').get();
    },

    async close() {
      if (!db.open) return;
      db.pragma('optimize');
      db.close();
    },
  };
}

const sqlString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** Case-insensitive groups, each shown with its most frequent spelling; most frequent first, ties by value. */
function groupSpellings(rows: Array<{ key: string; raw: string; n: number }>): Array<{ value: string; count: number }> {
  const groups = new Map<string, { count: number; spelling: string; spellingCount: number }>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { count: 0, spelling: row.raw, spellingCount: 0 };
    group.count += row.n;
    if (row.n > group.spellingCount || (row.n === group.spellingCount && row.raw < group.spelling)) {
      group.spelling = row.raw;
      group.spellingCount = row.n;
    }
    groups.set(row.key, group);
  }
  return [...groups.entries()]
    .sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([, group]) => ({ value: group.spelling, count: group.count }));
}
