/**
 * First pages of list queries kept on the reader's connection and brought up to date from the rows the commits
 * since changed (changed-rows.ts), instead of found again. Visitors ask the same first pages over and over
 * ("jazz in Berlin", a category under a price), and behind a feed nearly every commit touches the city or the
 * words such a page depends on, so each ask found the page again: a walk over the city's entries or the words'
 * matches. A patch reads the page's own rows and the changed ones.
 *
 * A kept page is served as it is while no write touched what its matches depend on (write-scopes.ts). After
 * writes that did, its rows and the changed rows are the candidates: SQLite tests them with the query's own
 * conditions and sorts them in the page's own order. That is the page now when every row it returns sorts at or
 * before the kept page's last row (a row the page did not hold and no write changed sorts after that one), or
 * when the kept page held every match; otherwise (rows of the page changed or left it, and rows beyond it move
 * up) the page is found again whole, as it is when the log cannot say what changed.
 *
 * Only first pages of list size (no offset, no cursor) without distances and ranked by nothing SQLite
 * recomputes from the whole index (bm25 depends on every document): every other page is found each time.
 */
import type { SearchQuery } from '@evently/platform';
import { decodeCursor, encodeCursor, idOfKey, type CursorValue } from '@evently/platform/adapter-kit';
import type { IndexLayout } from './index-layout.ts';
import { changedRowsOf } from './changed-rows.ts';
import { KEPT_PAGE_ROWS } from './page-cache.ts';
import { DEFAULT_LIMIT, type FindPage, type FoundPage } from './page-finder.ts';
import type { PagePlans, QueryPlans } from './page-plans.ts';
import type { MatchTotals } from './match-totals.ts';
import type { ReaderContext } from './reader-context.ts';
import {
  CONSTANT_BM25,
  keysetOrder,
  keysetSlots,
  keysetSql,
  orderBySql,
  orderKeys,
  planMatch,
  rowPretest,
  type MatchPlan,
  type OrderKey,
} from './search-sql.ts';
import { queryDependencies, writeScopesOf, type Dependencies, type ReadAt } from './write-scopes.ts';

/** Pages kept on one connection, least recently asked first out. */
const MOST_PAGES = 2000;
/** Above this many changed rows, finding the page again costs less than testing them. */
const MOST_CANDIDATES = 5000;

interface KeptPage {
  page: FoundPage;
  at: ReadAt;
  dependencies: Dependencies;
}

export interface FirstPages {
  find: FindPage;
  invalidate(): void;
  /** Pages served as kept, brought up to date (`stood`: of those, with their rows as they were), and found whole, so far. */
  tally(): { kept: number; patched: number; stood: number; found: number };
}

/** A first page of list size without distances: the kind kept here. A page of no rows (a count) is not. */
const keepable = (query: SearchQuery): boolean =>
  (query.offset ?? 0) === 0 &&
  query.after === undefined &&
  query.near === undefined &&
  (query.limit ?? DEFAULT_LIMIT) >= 1 &&
  (query.limit ?? DEFAULT_LIMIT) <= KEPT_PAGE_ROWS;

export function keepFirstPages(
  context: ReaderContext,
  live: (name: string) => IndexLayout,
  plans: PagePlans,
  totals: MatchTotals,
  find: FindPage,
): FirstPages {
  const { db, statements, matchSets } = context;
  const scopes = writeScopesOf(db);
  const changed = changedRowsOf(db);
  const kept = new Map<string, KeptPage>();
  const tally = { kept: 0, patched: 0, stood: 0, found: 0 };

  /**
   * How the page's candidates are read, decided once for keeping and patching: `filters` (no words), `scored`
   * (words with the name score, whose plan another index drives and already tests the match set), `words`
   * (words without a score of their own). Null for an order SQLite computes from the whole index (bm25), from
   * distances, or the name score over an area, whose plan tests the area in the R*Tree.
   */
  const candidateShape = (query: SearchQuery, { page, match }: QueryPlans): 'filters' | 'scored' | 'words' | null => {
    if (page.score === 'm.score' || page.distance !== null) return null;
    if (match === null) return 'filters';
    if (page.score === null || page.score === CONSTANT_BM25) return 'words';
    return query.bounds ? null : 'scored';
  };

  /**
   * The page's conditions and order, read from candidate rows by rid: the words as their match set (never the
   * full-text index, whose whole match list SQLite would build for each read), the area on its columns.
   */
  const candidatePlan = (layout: IndexLayout, query: SearchQuery, planned: QueryPlans): MatchPlan | null => {
    const { page, match } = planned;
    switch (candidateShape(query, planned)) {
      case null:
        return null;
      case 'filters':
        return planMatch(layout, query, null, false, { geoIndex: true });
      case 'scored':
        return { ...page, from: `${layout.docs} d` };
      case 'words': {
        const matchSet = matchSets.load(layout, match!).bytes;
        return {
          ...planMatch(layout, query, match, false, { drive: 'docs', geoIndex: true, matchSet }),
          score: page.score,
        };
      }
    }
  };

  /**
   * Whether none of `joining` matches the query and sorts at or before the kept page's last row, tested in SQL on
   * those rows alone with the cursor's own condition (`keysetSql`, the rows after the last). A feed's new events
   * mostly land beyond a first page (later dates, lower scores): then the page's own rows need no reading.
   */
  const allBeyond = (
    layout: IndexLayout,
    query: SearchQuery,
    plan: MatchPlan,
    keys: OrderKey[],
    joining: number[],
    known: KeptPage,
  ): boolean => {
    const last = decodeCursor(known.page.nextCursor!, keysetOrder(keys, query), keysetSlots(layout, keys));
    const after = keysetSql(keys, last);
    const before = statements
      .prepared(
        `SELECT count(*) FROM json_each(@joiningRids) c CROSS JOIN ${plan.from} ` +
          `WHERE ${['d.rid = c.value', ...plan.where, `NOT (${after.sql})`].join(' AND ')}`,
      )
      .pluck()
      .get({ ...plan.params, ...after.params, joiningRids: JSON.stringify(joining) }) as number;
    return before === 0;
  };

  /** The kept page with the changed rows tested and sorted in; null when it must be found again whole. */
  const patch = db.transaction((layout: IndexLayout, query: SearchQuery, known: KeptPage): KeptPage | null => {
    const changes = changed.since(layout, known.at, false);
    if (changes === null || changes.rids.length > MOST_CANDIDATES) return null;
    const planned = plans.plansFor(layout, query);
    const plan = candidatePlan(layout, query, planned);
    if (plan === null) return null;
    const changedRids = new Set(changes.rids);
    const oldRows = known.page.rows;
    const last = oldRows[oldRows.length - 1];
    const heldEveryMatch = known.page.nextCursor === null;
    // The kept last row marks how far the candidates are the page: if it changed, that mark is gone.
    if (!heldEveryMatch && (last === undefined || changedRids.has(last.rid))) return null;
    // A changed row outside the words' set (kept up to date like this page), the query's keyword values, ranges
    // or map box, as it is now, cannot join the page.
    const set = planned.match === null ? null : matchSets.load(layout, planned.match).bytes;
    // A plain byte view: indexing the set itself (a Buffer with its own toJSON) is polymorphic and slow.
    const words = set === null ? null : new Uint8Array(set.buffer, set.byteOffset, set.length);
    const pretest = rowPretest(layout, query);
    const rowNow = pretest === null ? null : changed.rowsNow(layout, changes);
    const joining = changes.rids.filter((rid) => {
      if (words !== null && words[rid] !== 1) return false;
      if (pretest === null) return true;
      const row = rowNow!(rid);
      return row !== null && pretest(row);
    });
    const keys = orderKeys(layout, query, plan);
    const ownChanged = oldRows.some((row) => changedRids.has(row.rid));
    const standing =
      !ownChanged &&
      (joining.length === 0 || (!heldEveryMatch && allBeyond(layout, query, plan, keys, joining, known)));
    if (standing) {
      // No changed row can join the page's rows and none of the page's own changed: its rows stand, still in
      // order. A match beyond the page may have come or left, so the total is counted again (a kept count, usually).
      tally.stood++;
      const total = heldEveryMatch ? oldRows.length : totals.total(layout, query, planned.count, planned.match);
      const nextCursor = total > oldRows.length ? known.page.nextCursor : null;
      const page = total === known.page.total ? known.page : { ...known.page, total, nextCursor };
      return { page, at: changes.now, dependencies: known.dependencies };
    }
    const candidates = new Set([...oldRows.map((row) => row.rid), ...joining]);
    // Each row as [rid, key 0, key 1, ...]: arrays, not an object built per row.
    const keyColumns = keys.map((key) => `, ${key.sql}`).join('');
    const rows = statements
      .prepared(
        `SELECT d.rid${keyColumns} FROM json_each(@candidates) c CROSS JOIN ${plan.from} ` +
          `WHERE ${['d.rid = c.value', ...plan.where].join(' AND ')} ${orderBySql(layout, query, plan)}`,
      )
      .raw()
      .all({ ...plan.params, candidates: JSON.stringify([...candidates]) }) as unknown[][];
    const limit = query.limit ?? DEFAULT_LIMIT;
    if (!heldEveryMatch && rows.findIndex((row) => row[0] === last!.rid) + 1 < limit) return null;
    const pageRows = rows.slice(0, limit);
    const total =
      heldEveryMatch && rows.length < limit ? rows.length : totals.total(layout, query, planned.count, planned.match);
    // The id key is the order's last key (orderKeys).
    const idKey = keys.length;
    const lastRow = pageRows[pageRows.length - 1];
    const nextCursor =
      lastRow && pageRows.length < total
        ? encodeCursor(
            keysetOrder(keys, query),
            keys.map((_, i) => lastRow[i + 1] as CursorValue),
          )
        : null;
    const page: FoundPage = {
      layout,
      total,
      rows: pageRows.map((row) => ({ rid: row[0] as number, id: idOfKey(row[idKey] as number | string) })),
      nextCursor,
    };
    return { page, at: changes.now, dependencies: known.dependencies };
  });

  const keep = (key: string, page: KeptPage): void => {
    if (kept.size >= MOST_PAGES) kept.delete(kept.keys().next().value!);
    kept.set(key, page);
  };

  return {
    find(index, query) {
      if (!keepable(query)) return find(index, query);
      const layout = live(index);
      const key = `${layout.docs}\u0000${JSON.stringify(query)}`;
      const known = kept.get(key);
      if (known !== undefined) {
        kept.delete(key);
        if (scopes.unchanged(layout, known.at, known.dependencies)) {
          tally.kept++;
          keep(key, known);
          return known.page;
        }
        const patched = patch(layout, query, known);
        if (patched !== null) {
          tally.patched++;
          keep(key, patched);
          return patched.page;
        }
      }
      tally.found++;
      const at = scopes.now(layout);
      const page = find(index, query);
      const planned = plans.plansFor(layout, query);
      if (candidateShape(query, planned) !== null)
        keep(key, { page, at, dependencies: queryDependencies(layout, query, planned.match) });
      return page;
    },
    invalidate() {
      kept.clear();
    },
    tally: () => ({ ...tally }),
  };
}
