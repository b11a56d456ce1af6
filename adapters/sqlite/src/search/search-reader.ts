/**
 * The read side of the embedded SearchIndex over one connection: page queries, totals, facets and single
 * documents. It holds nothing but caches, so it runs the same on the owning (writing) connection, where a pool
 * size of 0 keeps every query in the main thread, and on the read-only connections of the reader threads.
 */
import type Database from 'better-sqlite3';
import type {
  CountOptions,
  FacetRequest,
  FacetResult,
  FilterClause,
  FragmentHit,
  FragmentPage,
  IndexDocument,
  IndexSchema,
  SearchHit,
  SearchQuery,
  SearchResult,
} from '@evently/platform';
import {
  decodeCursor,
  encodeCursor,
  type CursorValue,
  asEpochMillis,
  preferredSpelling,
  idOfKey,
} from '@evently/platform/adapter-kit';
import { layoutFor, column, geoIndex, viewFor, type IndexLayout } from './index-layout.ts';
import { ftsMatch } from './fts-match.ts';
import {
  CONSTANT_BM25,
  afterCursor,
  coveredByGeoIndex,
  fromWhereSql,
  hasSelectiveCondition,
  keysetOrder,
  keysetSlots,
  keysetSql,
  orderBySql,
  orderKeys,
  planMatch,
  type MatchPlan,
} from './search-sql.ts';
import { CountCache } from './count-cache.ts';
import { matchSetTest, matchSetsOf } from './match-sets.ts';
import { columnsTested, sortedByIndexFor, walkBeatsSort, walkableSortIndex } from './ordered-walk.ts';
import { nearestFirst, ringRadii } from './nearest-rings.ts';
import {
  keywordOrderIndexFor,
  keywordOrderOf,
  readBestFirst,
  walkBestFirst,
  type KeywordOrderTotals,
} from './keyword-order.ts';
import { keywordRowsOf } from './keyword-rows.ts';
import { createNearestPoints } from './nearest-points.ts';
import { createAreaCounts } from './area-counts.ts';
import { excludedRowsFacetsSql, subtractFacetRows, wholeIndexFacetsSql, type FacetRow } from './facet-counts.ts';
import { createStatementCache, type StatementCache } from './statement-cache.ts';
import {
  boundsDependencies,
  expressionScopes,
  keywordValuesChanged,
  missingValues,
  queryDependencies,
  valuesUpTo,
} from './write-scopes.ts';
import { presentCountSql } from './present-counts.ts';

export const DEFAULT_LIMIT = 100;
const DEFAULT_FACET_SIZE = 1000;
export const COMMON_TEXT_DOCUMENTS = 5000;
/** Largest complement worth counting instead of the range itself. */
const COMPLEMENT_LIMIT = 200_000;

export type MatchQuery = Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields' | 'after'>;

/** A row of a page. */
interface FoundRow {
  rid: number;
  /** From the id's sort key, which every page statement selects for its cursor (`idOfKey`). */
  id: string;
  /** Only when the query has `near`. */
  dist?: number;
}

/** A page row's id and stored text (a source, a view or a fragment; null when it has none). */
interface LoadedRow {
  id: string;
  text: string | null;
}

interface FoundPage {
  layout: IndexLayout;
  total: number;
  rows: FoundRow[];
  nextCursor: string | null;
}

interface MetaRow {
  version: number;
  schema: string;
}

export interface SearchReader {
  /** The live layout; read per call (one indexed row) so a rebuild committed elsewhere is seen at once. */
  live(name: string): IndexLayout;
  readMeta(name: string): MetaRow | undefined;
  search<T = IndexDocument>(index: string, query: SearchQuery): SearchResult<T>;
  /**
   * The same answer as `search`, as JSON text: the stored sources go into it as SQLite returns them, never
   * parsed here. A reader thread sends this string instead of the result objects: copying one
   * string to the main thread and parsing it there costs less than parsing every source, structured-cloning
   * the objects and rebuilding them on the other side.
   */
  searchJson(index: string, query: SearchQuery): string;
  /** The same page with each hit's stored answer fragment instead of its source (the port's `searchFragments`). */
  searchFragments(index: string, query: SearchQuery, fragment: string): FragmentPage;
  count(index: string, query: MatchQuery, options?: CountOptions): number;
  facets(index: string, request: FacetRequest): FacetResult;
  get(index: string, id: string): IndexDocument | null;
  /** Forget every kept total, set and row list; the owning connection calls it when tables change (a new copy, a swap). */
  invalidate(): void;
  readonly statements: StatementCache;
}

export function createSearchReader(db: Database.Database, commonTextDocuments = COMMON_TEXT_DOCUMENTS): SearchReader {
  const statements = createStatementCache(db);
  const layouts = new Map<string, IndexLayout>();
  const counts = new CountCache(db);
  const matchSets = matchSetsOf(db);
  const keywordRows = keywordRowsOf(db);
  const nearestPoints = createNearestPoints(statements, counts);
  const areaCounts = createAreaCounts(statements, counts);
  const tables = new Set<string>();
  /** Whether a table exists (an index opened by code from before it has none until `init`); only a yes is kept. */
  const tableExists = (table: string): boolean => {
    if (tables.has(table)) return true;
    const found =
      statements.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table.slice(1, -1)) !==
      undefined;
    if (found) tables.add(table);
    return found;
  };

  const readMeta = (name: string): MetaRow | undefined =>
    statements.prepared('SELECT version, schema FROM search_index_meta WHERE name = ?').get(name) as
      MetaRow | undefined;

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

  /** `match` is the query's match expression (null without words): the words a kept total depends on. */
  const total = (layout: IndexLayout, query: MatchQuery, plan: MatchPlan, match: string | null): number => {
    const complement = complementCount(layout, query);
    if (complement !== null) return complement;
    const area = areaCounts.count(layout, query);
    if (area !== null) return area;
    if (plan.keywordOrder) return keywordOrderTotals(layout, query, plan, match).total;
    const sql = `SELECT count(*) ${fromWhereSql(plan)}`;
    const scope = { layout, dependencies: queryDependencies(layout, query, match) };
    return counts.get(sql, plan.params, () => statements.prepared(sql).pluck().get(plan.params) as number, scope);
  };

  /**
   * A keyword-ordered plan's total (keyword-order.ts): a pass over the keyword value's kept rows when the filters
   * allow (keyword-rows.ts), else one read of the index entries.
   */
  const keywordOrderTotals = (
    layout: IndexLayout,
    query: MatchQuery,
    plan: MatchPlan,
    match: string | null,
  ): KeywordOrderTotals => {
    const { rows, matchSet } = plan.keywordOrder!;
    const sql = `SELECT count(*) AS total ${fromWhereSql(plan)}`;
    const counted = () =>
      (rows === null ? null : keywordRows.count(layout, rows, matchSet)) ?? statements.prepared(sql).get(plan.params);
    return counts.get(sql, plan.params, counted, {
      layout,
      dependencies: queryDependencies(layout, query, match),
    }) as KeywordOrderTotals;
  };

  /**
   * `field >= x` alone (the "upcoming events" default of every listing) matches most of the index, and
   * counting it walks most of an index. Counting the few rows below `x` and subtracting them from the rows
   * that have the field (kept by triggers, present-counts.ts) answers the same in a fraction of the time. The
   * rows below `x` are kept until a write touches a value up to `x`'s bucket (write-scopes.ts). With words,
   * the same holds within their match set: its size less its rows below `x` or without the field, each row
   * tested against the set's bitmap (match-sets.ts), instead of looking up every match's field.
   */
  const complementCount = (layout: IndexLayout, query: MatchQuery): number | null => {
    const filters = query.filters ?? [];
    const only = filters[0];
    if (query.near || query.bounds || filters.length !== 1 || only?.op !== 'range') return null;
    if (only.lte !== undefined || only.lt !== undefined || (only.gte === undefined) === (only.gt === undefined))
      return null;
    const spec = layout.schema.fields[only.field];
    if (spec?.type !== 'number' && spec?.type !== 'date') return null;
    const target = spec.type === 'number' ? `d.${column.number(only.field)}` : `d.${column.date(only.field)}`;
    const bound = only.gte ?? only.gt;
    const value = spec.type === 'number' ? Number(bound) : asEpochMillis(bound);
    if (value === null || Number.isNaN(value)) return null;
    const below = `${target} ${only.gte !== undefined ? '<' : '<='} @value`;
    if (query.text !== undefined)
      return complementInMatch(
        layout,
        query.text,
        [
          { sql: below, scope: valuesUpTo(layout, only.field, value) },
          { sql: `${target} IS NULL`, scope: missingValues(only.field) },
        ],
        value,
      );
    const belowSql = `SELECT count(*) FROM (SELECT 1 FROM ${layout.docs} d WHERE ${below} LIMIT ${COMPLEMENT_LIMIT})`;
    const belowRows = counts.get(
      belowSql,
      { value },
      () => statements.prepared(belowSql).pluck().get({ value }) as number,
      { layout, dependencies: [[valuesUpTo(layout, only.field, value)]] },
    );
    if (belowRows >= COMPLEMENT_LIMIT) return null;
    return present(layout, only.field, target) - belowRows;
  };

  /** Documents with `field`: the trigger-kept row, or a count of the rows in an index from before it. */
  const present = (layout: IndexLayout, field: string, target: string): number => {
    if (tableExists(layout.presentCounts)) {
      const kept = statements.prepared(presentCountSql(layout)).pluck().get({ field }) as number | undefined;
      if (kept !== undefined) return kept;
    }
    const sql = `SELECT count(*) FROM ${layout.docs} d WHERE ${target} IS NOT NULL`;
    return counts.get(sql, {}, () => statements.prepared(sql).pluck().get() as number);
  };

  /**
   * The text's matches less those meeting any of `outside`, read through its index while they are few; each
   * part kept until a write touches the words or the part's values (`scope`).
   */
  const complementInMatch = (
    layout: IndexLayout,
    text: string,
    outside: Array<{ sql: string; scope: string }>,
    value: number,
  ): number | null => {
    const match = ftsMatch(db, layout, text);
    if (match === null) return null;
    const set = matchSets.load(layout, match.expression);
    let excluded = 0;
    for (const { sql: condition, scope: values } of outside) {
      const sql =
        `SELECT count(*) AS rows, coalesce(sum(${matchSetTest('@set')}), 0) AS matches ` +
        `FROM (SELECT d.rid FROM ${layout.docs} d WHERE ${condition} LIMIT ${COMPLEMENT_LIMIT}) d`;
      const params = condition.includes('@value') ? { set: set.bytes, value } : { set: set.bytes };
      const scope = { layout, dependencies: [expressionScopes(match.expression), [values]] };
      const found = counts.get(sql, params, () => statements.prepared(sql).get(params), scope) as {
        rows: number;
        matches: number;
      };
      if (found.rows >= COMPLEMENT_LIMIT) return null;
      excluded += found.matches;
    }
    return set.size - excluded;
  };

  /**
   * Sources of one page, read by rowid after the page is decided. `fields` keeps the named top-level keys in one
   * pass over the stored JSONB (a missing field stays missing, a skipped value is never converted): a third
   * less CPU than one path lookup per field for the 25 of a list card, and unlike parsing the whole
   * document its cost does not grow with long descriptions or FAQs. When `fields` are one of the schema's
   * `views`, the projection stored at write time is the answer as it is (decision 024 addendum), which spares
   * the reader thread even the key pass.
   */
  const loadSources = (
    layout: IndexLayout,
    rows: FoundRow[],
    fields: string[] | undefined,
  ): Map<number, string | null> => {
    const view = fields ? viewFor(layout, fields) : null;
    const source = view
      ? `s.${view.column}`
      : fields
        ? '(SELECT json_group_object(key, value) FROM json_each(s.src) WHERE key IN (SELECT value FROM json_each(@fields)))'
        : 'json(s.src)';
    const params: Record<string, string> = fields && !view ? { fields: JSON.stringify(fields) } : {};
    return textsByRid(view ? layout.viewsTable : layout.sources, source, rows, params);
  };

  /**
   * Page rows' stored texts, read by rid once the page is decided from the one table that holds them. The ids
   * come from the page statement's id key (`idOfKey`), never from the docs table: a sorted page (a map box, a
   * circle) keeps every match's selected columns until its sort ends and `id` is the one column its covering
   * index lacks (selecting it makes the sort carry a wide column for every match), and reading it afterwards
   * by rid was a second b-tree lookup per row. Sources and stored texts are written and deleted with their docs row in one
   * transaction (sqlite-search-index.ts), so a row deleted since the page was read is left out as before.
   *
   * The rids are looked up in ascending order, whatever the page's: consecutive lookups then descend the same
   * b-tree pages and move forward through the leaves instead of jumping across the table at random, which
   * matters most for the thousand pins of a map page; the page's order is kept by `loadedRows`, which reads the
   * rows by rid.
   */
  const textsByRid = (
    table: string,
    text: string,
    rows: FoundRow[],
    params: Record<string, string>,
  ): Map<number, string | null> => {
    const ascending = JSON.stringify(rows.map((row) => row.rid).sort((a, b) => a - b));
    const found = statements
      .prepared(`SELECT j.value AS rid, ${text} AS text FROM json_each(@rids) j JOIN ${table} s ON s.rid = j.value`)
      .all({ ...params, rids: ascending }) as Array<{ rid: number; text: string | null }>;
    return new Map(found.map((row) => [row.rid, row.text]));
  };

  /** A page's stored texts of one answer fragment (null when the live copy predates the fragment). */
  const loadFragments = (layout: IndexLayout, rows: FoundRow[], name: string): Map<number, string | null> => {
    const fragment = layout.fragments.find((candidate) => candidate.name === name);
    return fragment
      ? textsByRid(layout.viewsTable, `s.${fragment.column}`, rows, {})
      : textsByRid(layout.docs, 'NULL', rows, {});
  };

  /** The page's rows in order with what was loaded for them; a row deleted since the page was read is left out. */
  const loadedRows = (rows: FoundRow[], loaded: Map<number, string | null>): Array<LoadedRow & { row: FoundRow }> =>
    rows.flatMap((row) => {
      const text = loaded.get(row.rid);
      return text === undefined ? [] : [{ row, id: row.id, text }];
    });

  const indexColumnNames = new Map<string, Set<string>>();
  /** The columns an index holds, read from SQLite (an index built by an older layout may hold fewer). */
  const indexColumns = (index: string): Set<string> => {
    let names = indexColumnNames.get(index);
    if (!names) {
      names = new Set(
        (statements.prepared(`PRAGMA index_info(${index})`).all() as Array<{ name: string | null }>).map(
          (row) => row.name ?? '',
        ),
      );
      indexColumnNames.set(index, names);
    }
    return names;
  };

  /** Whether walking `index` tests every condition of the query in the index entry (no docs lookup per row). */
  const walkCovered = (layout: IndexLayout, query: SearchQuery, index: string, match: string | null): boolean => {
    const plan = planMatch(layout, query, match, wantsRelevance(query), { geoIndex: true, constantScore: true });
    const held = indexColumns(index);
    return [...columnsTested(plan.where)].every((name) => held.has(name));
  };

  /** Rows in the docs table, near enough (deleted rows leave gaps in rid) to estimate a walk's length. */
  const indexedRows = (layout: IndexLayout): number => {
    const sql = `SELECT coalesce(max(rid), 0) FROM ${layout.docs}`;
    return counts.get(sql, {}, () => statements.prepared(sql).pluck().get() as number);
  };

  const constantScores = new Map<string, boolean>();
  /**
   * Whether bm25 gives every match of this FTS table the same score. It does for ours: the table is contentless
   * with `detail=column` (index-layout.ts), and FTS5 has no position lists for such a table (it would rebuild
   * them from the content it does not keep), so bm25 counts no occurrences and scores every match -0. Relevance
   * first is then the next sort keys' order: a keyword without `sort_by` scored, joined and sorted every
   * match for a key that never decided anything. Probed, not assumed: one
   * indexed word's matches are scored once per table and connection, so an SQLite that ranks such tables
   * brings the scoring plan back by itself. An empty table is probed again on the next call.
   */
  const bm25IsConstant = (layout: IndexLayout): boolean => {
    const known = constantScores.get(layout.fts);
    if (known !== undefined) return known;
    const term = statements.prepared(`SELECT term FROM ${layout.ftsVocab} WHERE doc > 0 LIMIT 1`).pluck().get() as
      string | undefined;
    if (term === undefined) return false;
    const weights = layout.searchable.map((s) => s.boost).join(', ');
    const scores = statements
      .prepared(`SELECT bm25(${layout.fts}, ${weights}) FROM ${layout.fts} WHERE ${layout.fts} MATCH @match LIMIT 50`)
      .pluck()
      .all({ match: `"${term.replaceAll('"', '""')}"` }) as number[];
    const constant = scores.length > 0 && scores.every((score) => score === 0);
    constantScores.set(layout.fts, constant);
    return constant;
  };
  const wantsRelevance = (query: SearchQuery): boolean =>
    query.text !== undefined && (query.sort ?? []).some((clause) => clause.by === 'relevance');

  /** The same conditions on the docs columns (no R*Tree subquery, text as a match set), read in the order of `index`. */
  const orderedWalkPlan = (layout: IndexLayout, query: SearchQuery, index: string, match: string | null): MatchPlan => {
    // Only a query whose relevance is constant walks with it (walkableSortIndex): the key is kept for its cursors.
    const matchSet = match === null ? undefined : matchSets.load(layout, match).bytes;
    const plan = planMatch(layout, query, match, wantsRelevance(query), {
      geoIndex: true,
      constantScore: true,
      matchSet,
    });
    return { ...plan, from: `${plan.from} INDEXED BY ${index}` };
  };

  /** Facet rows from the trigger-kept counts (facet-counts.ts), or null when the filters need a grouping pass. */
  const keptFacetRows = (layout: IndexLayout, filters: FilterClause[], field: string): FacetRow[] | null => {
    const whole = () => {
      const sql = wholeIndexFacetsSql(layout);
      const scope = { layout, dependencies: [[keywordValuesChanged(field)]] };
      return counts.get(sql, { field }, () => statements.prepared(sql).all({ field }), scope) as FacetRow[];
    };
    if (filters.length === 0) return whole();
    const excluded = excludedRowsFacetsSql(layout, filters, field);
    if (excluded === null || excluded.bound === null) return null;
    const params = { bound: excluded.bound, limit: COMPLEMENT_LIMIT };
    // The rows below the bound or without the field change only with a write of a value up to the bound's
    // bucket or without one (a past event's city included: its date is noted before and after).
    const dateField = filters[0]!.field;
    const scope = {
      layout,
      dependencies: [[valuesUpTo(layout, dateField, excluded.bound), missingValues(dateField)]],
    };
    const below = counts.get(
      excluded.countSql,
      params,
      () => statements.prepared(excluded.countSql).pluck().get(params) as number,
      scope,
    );
    if (below >= COMPLEMENT_LIMIT) return null;
    const rows = counts.get(
      excluded.sql,
      { bound: excluded.bound },
      () => statements.prepared(excluded.sql).all({ bound: excluded.bound }),
      scope,
    ) as FacetRow[];
    return subtractFacetRows(whole(), rows);
  };

  const plansFor = (
    layout: IndexLayout,
    query: SearchQuery,
  ): { page: MatchPlan; count: MatchPlan; match: string | null } => {
    const match = query.text ? ftsMatch(db, layout, query.text) : null;
    if (!match) {
      const area = coveredByGeoIndex(layout, query) ? (query.near ?? query.bounds)!.field : null;
      const plan = planMatch(layout, query, null, false, { geoIndex: area !== null });
      // Named, not left to the planner: a new index has no statistics until the next ANALYZE, and the date
      // index holds the points too, so without statistics it looks as good as the geo index for an area.
      const named = sortedByIndexFor(layout, query) ?? (area === null ? null : geoIndex(layout, area));
      const indexed = named === null ? plan : { ...plan, from: `${plan.from} INDEXED BY ${named}` };
      return { page: indexed, count: indexed, match: null };
    }
    // How many documents match decides only when another condition could drive: the words' set tells exactly,
    // and the docs side would need it anyway (fts-match.ts no longer counts the vocabulary to estimate it).
    const drive =
      hasSelectiveCondition(query, layout) && matchSets.load(layout, match.expression).size > commonTextDocuments
        ? 'docs'
        : 'fts';
    // A selective docs index drives and tests each of its rows against the match set (match-sets.ts).
    const matchSet = drive === 'docs' ? matchSets.load(layout, match.expression).bytes : undefined;
    const count = planMatch(layout, query, match.expression, false, { drive, matchSet });
    const wantScore = (query.sort ?? []).some((clause) => clause.by === 'relevance');
    const constant = wantScore && drive === 'fts' && bm25IsConstant(layout);
    const page = wantScore
      ? planMatch(layout, query, match.expression, true, {
          drive,
          words: match.forms,
          constantScore: constant,
          matchSet,
        })
      : count;
    // Words with a city in date order (or relevance, then date): the city's `sortedBy` index holds every
    // column, in the page's order (keyword-order.ts).
    const byKeyword = matchSet !== undefined ? keywordOrderIndexFor(layout, query) : null;
    if (byKeyword !== null) {
      const keywordOrder = keywordOrderOf(layout, query, byKeyword, match.forms, page.score, matchSet!);
      const ordered = (plan: MatchPlan): MatchPlan => ({
        ...plan,
        from: `${plan.from} INDEXED BY ${byKeyword.index}`,
        keywordOrder,
      });
      return { page: ordered(page), count: ordered(count), match: match.expression };
    }
    return { page, count, match: match.expression };
  };

  /** One page's rows in order, the total and the next cursor. */
  const findPage = (index: string, query: SearchQuery): FoundPage => {
    const layout = live(index);
    const plans = plansFor(layout, query);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const offset = query.offset ?? 0;
    const after = query.after;
    // A geo area in a field order may be dense enough to walk that order's index: decided from the total.
    // A cursor page's total is counted apart: its rows start at the cursor, so a window count would miss some.
    const walkIndex = plans.page.keywordOrder
      ? null
      : walkableSortIndex(layout, query, plans.page.score === CONSTANT_BM25);
    // Nearest first is read from the nearest points' rows (nearest-points.ts), else from a smaller circle when
    // the total says one holds the page (nearest-rings.ts).
    const nearest = after === undefined && nearestFirst(query);
    const byPoints = nearest ? nearestPoints.page(layout, query, offset + limit) : null;
    const known =
      byPoints?.total ??
      (offset > 0 || after !== undefined || walkIndex !== null || nearest
        ? total(layout, query, plans.count, plans.match)
        : null);
    if (known !== null && offset >= known) return { layout, total: known, rows: [], nextCursor: null };
    // Past the middle, walking the order backwards from the end skips fewer rows than OFFSET would.
    const reversed = byPoints === null && known !== null && offset > known / 2;
    // A cursor page reads one row more than it returns: that row says whether another page follows.
    const window = reversed
      ? { limit: Math.min(limit, known - offset), offset: Math.max(0, known - offset - limit) }
      : { limit: after === undefined ? limit : limit + 1, offset };
    const walk =
      walkIndex !== null &&
      known !== null &&
      walkBeatsSort(
        window.offset + window.limit,
        known,
        indexedRows(layout),
        walkCovered(layout, query, walkIndex, plans.match),
      );
    const readPage = (page: MatchPlan) => {
      const keys = orderKeys(layout, query, page);
      const order = keysetOrder(keys, query);
      const keyset =
        after === undefined ? null : keysetSql(keys, decodeCursor(after, order, keysetSlots(layout, keys)));
      // Text and geo pages sort every match anyway; counting in the same pass (a window count) saves a
      // second walk over the same rows. Index-ordered pages stop after `limit` rows, so they count apart.
      // A keyword-ordered page (keyword-order.ts) stops after its rows: its total is counted apart.
      const countInPage =
        known === null &&
        page.keywordOrder === undefined &&
        (page.distance !== null || query.bounds !== undefined || page.score !== null || query.text !== undefined);
      // The keys of every row, for the cursor of the last one (the distance is already selected as `dist`).
      const keyColumns = keys.map((key, i) => (key.orderBy === 'dist' ? '' : `, ${key.sql} AS k${i}`)).join('');
      const conditions = keyset ? afterCursor(page, keyset.sql) : page;
      const readRows = (extra: string[], orderBy: string, rows: { limit: number; offset: number }) =>
        statements
          .prepared(
            `SELECT d.rid${page.distance ? `, ${page.distance} AS dist` : ''}${countInPage ? ', count(*) OVER () AS total_rows' : ''}${keyColumns} ` +
              `${fromWhereSql(conditions, extra)} ${orderBy} LIMIT @limit OFFSET @offset`,
          )
          .all({ ...page.params, ...keyset?.params, ...rows }) as Array<Record<string, unknown>>;
      const fullOrderBy = orderBySql(layout, query, page, reversed);
      // Best-scored rows first when the page may end before the others (keyword-order.ts, `walkBestFirst`).
      const best = page.keywordOrder?.best ?? null;
      const totals = best === null || reversed ? null : keywordOrderTotals(layout, query, plans.count, plans.match);
      const bestFirst =
        best !== null && page.score !== null && totals !== null && walkBestFirst(totals, window.offset + window.limit);
      const read = bestFirst
        ? readBestFirst(
            readRows,
            page.score!,
            best,
            orderBySql(layout, query, { ...page, score: null }),
            fullOrderBy,
            window,
          )
        : readRows([], fullOrderBy, window);
      return { page, keys, order, countInPage, read };
    };
    let answer: ReturnType<typeof readPage> | null = null;
    const rings =
      query.near && nearest && byPoints === null && known !== null
        ? ringRadii(query.near.radiusKm, window.offset + window.limit, known)
        : [];
    for (const radiusKm of rings) {
      const ring = readPage(plansFor(layout, { ...query, near: { ...query.near!, radiusKm } }).page);
      if (ring.read.length === window.limit) {
        answer = ring;
        break;
      }
    }
    const { page, keys, order, countInPage, read } =
      answer ??
      readPage(byPoints?.plan ?? (walk ? orderedWalkPlan(layout, query, walkIndex, plans.match) : plans.page));
    const rows = read.slice(0, limit);
    if (reversed) rows.reverse();
    // The id key is the order's last key (orderKeys), selected for the cursor.
    const idKey = `k${keys.length - 1}`;
    const found = rows.map((row): FoundRow => {
      const hit: FoundRow = { rid: row.rid as number, id: idOfKey(row[idKey] as number | string) };
      if (page.distance) hit.dist = row.dist as number;
      return hit;
    });
    const inPage = countInPage ? ((rows[0]?.total_rows as number | undefined) ?? 0) : null;
    const count =
      known ?? inPage ?? (found.length < limit ? found.length : total(layout, query, plans.count, plans.match));
    const last = rows[rows.length - 1];
    const more = after === undefined ? offset + rows.length < count : read.length > limit;
    const nextCursor =
      more && last
        ? encodeCursor(
            order,
            keys.map((key, i) => (key.orderBy === 'dist' ? last.dist : last[`k${i}`]) as CursorValue),
          )
        : null;
    return { layout, total: count, rows: found, nextCursor };
  };

  /** A page and its rows' sources as JSON text (only the query's `fields` when it names some). */
  const findPageWithSources = (
    index: string,
    query: SearchQuery,
  ): FoundPage & { sources: Map<number, string | null> } => {
    const page = findPage(index, query);
    return { ...page, sources: loadSources(page.layout, page.rows, query.fields) };
  };

  return {
    live,
    readMeta,
    statements,
    invalidate: () => {
      counts.invalidate();
      matchSets.invalidate();
      keywordRows.invalidate();
    },
    get(index: string, id: string): IndexDocument | null {
      const layout = live(index);
      const src = statements
        .prepared(`SELECT json(s.src) FROM ${layout.docs} d JOIN ${layout.sources} s ON s.rid = d.rid WHERE d.id = ?`)
        .pluck()
        .get(id) as string | undefined;
      return src === undefined ? null : (JSON.parse(src) as IndexDocument);
    },

    search<T = IndexDocument>(index: string, query: SearchQuery): SearchResult<T> {
      const { total: count, rows, sources, nextCursor } = findPageWithSources(index, query);
      const hits = loadedRows(rows, sources).map(({ row, id, text }) => {
        const source = text === null ? { id } : (JSON.parse(text) as IndexDocument);
        const hit: SearchHit = { id, source: query.fields ? Object.assign({ id }, source) : source };
        if (row.dist !== undefined) hit.distanceKm = row.dist;
        return hit as SearchHit<T>;
      });
      return { total: count, hits, nextCursor };
    },

    searchJson(index: string, query: SearchQuery): string {
      const { total: count, rows, sources, nextCursor } = findPageWithSources(index, query);
      const hits = loadedRows(rows, sources).map(({ row, id: rawId, text }) => {
        const id = JSON.stringify(rawId);
        // `Object.assign({ id }, source)` as text: the id first, then the source's keys (a later duplicate wins
        // in JSON.parse as in Object.assign). Without `fields` the stored document is the source, id included.
        const source =
          text === null
            ? `{"id":${id}}`
            : !query.fields
              ? text
              : text === '{}'
                ? `{"id":${id}}`
                : `{"id":${id},${text.slice(1)}`;
        return `{"id":${id},"source":${source}${row.dist === undefined ? '' : `,"distanceKm":${JSON.stringify(row.dist)}`}}`;
      });
      return `{"total":${count},"hits":[${hits.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
    },

    searchFragments(index: string, query: SearchQuery, fragment: string): FragmentPage {
      const { layout, total: count, rows, nextCursor } = findPage(index, query);
      const texts = loadFragments(layout, rows, fragment);
      const hits = loadedRows(rows, texts).map(({ row, id, text }): FragmentHit => {
        const hit: FragmentHit = { id, fragment: text };
        if (row.dist !== undefined) hit.distanceKm = row.dist;
        return hit;
      });
      return { total: count, hits, nextCursor };
    },

    count(index: string, query: MatchQuery, options?: CountOptions): number {
      const layout = live(index);
      const plans = plansFor(layout, query);
      const plan = plans.count;
      if (options?.atMost === undefined) return total(layout, query, plan, plans.match);
      // Stops at the bound: a presence check reads one matching row.
      const sql = `SELECT count(*) FROM (SELECT 1 ${fromWhereSql(plan)} LIMIT @atMost)`;
      return statements
        .prepared(sql)
        .pluck()
        .get({ ...plan.params, atMost: Math.max(0, Math.floor(options.atMost)) }) as number;
    },

    facets(index: string, request: FacetRequest): FacetResult {
      const layout = live(index);
      const plan = planMatch(layout, { filters: request.filters ?? [] }, null, false);
      const size = request.size ?? DEFAULT_FACET_SIZE;
      const result: FacetResult = { terms: {}, stats: {} };
      for (const field of request.terms ?? []) {
        if (layout.schema.fields[field]?.type !== 'keyword') throw new Error(`"${field}" is not a keyword field`);
        const lower = `d.${column.keywordLower(field)}`;
        const sql = `SELECT ${lower} AS key, d.${column.keywordRaw(field)} AS raw, count(*) AS n ${fromWhereSql(plan, [`${lower} IS NOT NULL`])} GROUP BY 1, 2`;
        const scope = { layout, dependencies: queryDependencies(layout, { filters: request.filters ?? [] }, null) };
        const rows =
          keptFacetRows(layout, request.filters ?? [], field) ??
          (counts.get(sql, plan.params, () => statements.prepared(sql).all(plan.params), scope) as FacetRow[]);
        result.terms[field] = groupSpellings(rows).slice(0, size);
      }
      for (const field of request.stats ?? []) {
        const type = layout.schema.fields[field]?.type;
        if (type !== 'number' && type !== 'date') throw new Error(`"${field}" is not a number or date field`);
        const target = type === 'number' ? `d.${column.number(field)}` : `d.${column.date(field)}`;
        const sql = `SELECT min(${target}) AS min, max(${target}) AS max ${fromWhereSql(plan)}`;
        // Kept until a write touches the filters' scopes, or a value at or beyond a bound (write-scopes.ts):
        // read first, then kept with what the answer found.
        type Bounds = { min: number | null; max: number | null };
        const matches = queryDependencies(layout, { filters: request.filters ?? [] }, null);
        const read = () => statements.prepared(sql).get(plan.params) as Bounds;
        const row = counts.getWith(
          sql,
          plan.params,
          read,
          (found: Bounds) => ({
            layout,
            dependencies: [...matches, boundsDependencies(layout, field, found.min, found.max)],
          }),
          layout,
        );
        result.stats[field] = { min: row.min, max: row.max };
      }
      return result;
    },
  };
}

/** Groups of one folded key, labelled by `preferredSpelling`; most frequent first, ties by key. */
function groupSpellings(rows: Array<{ key: string; raw: string; n: number }>): Array<{ value: string; count: number }> {
  const groups = new Map<string, { count: number; spellings: Array<{ raw: string; count: number }> }>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { count: 0, spellings: [] };
    group.count += row.n;
    group.spellings.push({ raw: row.raw, count: row.n });
    groups.set(row.key, group);
  }
  return [...groups.entries()]
    .sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([key, group]) => ({ value: preferredSpelling(group.spellings) ?? key, count: group.count }));
}
