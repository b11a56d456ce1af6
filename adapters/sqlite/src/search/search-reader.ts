/**
 * The read side of the embedded SearchIndex over one connection: page queries, totals, facets and single
 * documents. It holds nothing but caches, so it runs the same on the owning (writing) connection, where a pool
 * size of 0 keeps every query in the main thread, and on the read-only connections of the reader threads.
 *
 * This file wires the parts and writes the answers' shapes; each part does one job: which copy is live
 * (live-layouts.ts), which SQL answers a query (page-plans.ts), how many match (match-totals.ts), which rows
 * a page holds (page-finder.ts), what each row returns (stored-texts.ts) and filter options (facet-answers.ts).
 */
import type Database from 'better-sqlite3';
import type {
  CountOptions,
  FacetRequest,
  FacetResult,
  FragmentHit,
  FragmentPage,
  IndexDocument,
  SearchHit,
  SearchQuery,
  SearchResult,
} from '@evently/platform';
import type { IndexLayout } from './index-layout.ts';
import { fromWhereSql } from './search-sql.ts';
import { CountCache } from './count-cache.ts';
import { matchSetsOf } from './match-sets.ts';
import { keywordRowsOf } from './keyword-rows.ts';
import { keywordCountsOf } from './keyword-counts.ts';
import { countedRowsOf } from './counted-rows.ts';
import { keptTextsOf } from './kept-texts.ts';
import { createNearestPoints } from './nearest-points.ts';
import { bandPointsOf } from './band-points.ts';
import { createAreaCounts } from './area-counts.ts';
import { createStatementCache, type StatementCache } from './statement-cache.ts';
import { createLiveLayouts, type MetaRow } from './live-layouts.ts';
import { createMatchTotals } from './match-totals.ts';
import { createPagePlans } from './page-plans.ts';
import { createPageFinder, type FoundPage } from './page-finder.ts';
import { keepFirstPages, type FirstPages } from './first-pages.ts';
import { createStoredTexts, loadedRows } from './stored-texts.ts';
import { createFacetAnswers } from './facet-answers.ts';
import type { MatchQuery, ReaderContext } from './reader-context.ts';

export { DEFAULT_LIMIT } from './page-finder.ts';
export const COMMON_TEXT_DOCUMENTS = 5000;

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
  /** How first pages were answered (first-pages.ts). */
  readonly firstPages: Pick<FirstPages, 'tally'>;
}

export function createSearchReader(db: Database.Database, commonTextDocuments = COMMON_TEXT_DOCUMENTS): SearchReader {
  const statements = createStatementCache(db);
  const counts = new CountCache(db);
  const context: ReaderContext = {
    db,
    statements,
    counts,
    matchSets: matchSetsOf(db),
    keywordCounts: keywordCountsOf(db),
    countedRows: countedRowsOf(db),
  };
  const { live, readMeta, tableExists } = createLiveLayouts(statements);
  const totals = createMatchTotals(context, createAreaCounts(statements, counts), tableExists);
  const plans = createPagePlans(context, commonTextDocuments);
  const firstPages = keepFirstPages(
    context,
    live,
    plans,
    totals,
    createPageFinder(statements, live, plans, totals, createNearestPoints(statements, counts, bandPointsOf(db))),
  );
  const findPage = firstPages.find;
  const keptTexts = keptTextsOf(db);
  const texts = createStoredTexts(statements, keptTexts);
  const facets = createFacetAnswers(context, live);

  /** A page and its rows' sources as JSON text (only the query's `fields` when it names some). */
  const findPageWithSources = (
    index: string,
    query: SearchQuery,
  ): FoundPage & { sources: Map<number, string | null> } => {
    const page = findPage(index, query);
    return { ...page, sources: texts.loadSources(page.layout, page.rows, query.fields) };
  };

  return {
    live,
    readMeta,
    statements,
    facets,
    firstPages,
    invalidate: () => {
      counts.invalidate();
      context.matchSets.invalidate();
      keywordRowsOf(db).invalidate();
      context.keywordCounts.invalidate();
      context.countedRows.invalidate();
      bandPointsOf(db).invalidate();
      keptTexts.invalidate();
      firstPages.invalidate();
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
      const fragments = texts.loadFragments(layout, rows, fragment);
      const hits = loadedRows(rows, fragments).map(({ row, id, text }): FragmentHit => {
        const hit: FragmentHit = { id, fragment: text };
        if (row.dist !== undefined) hit.distanceKm = row.dist;
        return hit;
      });
      return { total: count, hits, nextCursor };
    },

    count(index: string, query: MatchQuery, options?: CountOptions): number {
      const layout = live(index);
      const { count: plan, match } = plans.plansFor(layout, query);
      if (options?.atMost === undefined) return totals.total(layout, query, plan, match);
      // Stops at the bound: a presence check reads one matching row.
      const sql = `SELECT count(*) FROM (SELECT 1 ${fromWhereSql(plan)} LIMIT @atMost)`;
      return statements
        .prepared(sql)
        .pluck()
        .get({ ...plan.params, atMost: Math.max(0, Math.floor(options.atMost)) }) as number;
    },
  };
}
