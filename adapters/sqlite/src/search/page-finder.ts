/**
 * One page of a query: its rows in order, the total and the next cursor. Chooses how to read the rows (the
 * planned statement, a walk in an index's order, from the end backwards, nearest points or smaller rings, best
 * scored first) from what the total says, so that each way gives the rows sorting every match would.
 */
import type { SearchQuery } from '@evently/platform';
import { decodeCursor, encodeCursor, type CursorValue, idOfKey } from '@evently/platform/adapter-kit';
import type { IndexLayout } from './index-layout.ts';
import {
  CONSTANT_BM25,
  afterCursor,
  fromWhereSql,
  keysetOrder,
  keysetSlots,
  keysetSql,
  orderBySql,
  orderKeys,
  type MatchPlan,
  type OrderKey,
} from './search-sql.ts';
import { walkBeatsSort, walkableSortIndex } from './ordered-walk.ts';
import { nearestFirst, ringRadii } from './nearest-rings.ts';
import { readBestFirst, walkBestFirst } from './keyword-order.ts';
import type { NearestPoints, PointRow } from './nearest-points.ts';
import type { StatementCache } from './statement-cache.ts';
import type { PagePlans } from './page-plans.ts';
import type { MatchTotals } from './match-totals.ts';
import type { FoundRow } from './reader-context.ts';

export const DEFAULT_LIMIT = 100;

export interface FoundPage {
  layout: IndexLayout;
  total: number;
  rows: FoundRow[];
  nextCursor: string | null;
}

export type FindPage = (index: string, query: SearchQuery) => FoundPage;

/** Where each value sits in a page's row: rid first, then the distance, the window count and the keys. */
interface PageColumns {
  dist: number | null;
  total: number | null;
  /** Each order key's column; a distance key is the distance's. */
  keys: number[];
}

function pageColumns(keys: OrderKey[], distance: boolean, countInPage: boolean): PageColumns {
  let next = 1;
  const dist = distance ? next++ : null;
  const total = countInPage ? next++ : null;
  return { dist, total, keys: keys.map((key) => (key.orderBy === 'dist' ? dist! : next++)) };
}

export function createPageFinder(
  statements: StatementCache,
  live: (name: string) => IndexLayout,
  { plansFor, orderedWalkPlan, walkCovered, indexedRows }: PagePlans,
  { total, keywordOrderTotals }: MatchTotals,
  nearestPoints: NearestPoints,
): FindPage {
  return (index, query) => {
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
      // Rows come back as arrays: better-sqlite3 builds an object per row otherwise, which cost about as much as
      // the statement itself on a page of a hundred covered rows.
      const readRows = (extra: string[], orderBy: string, rows: { limit: number; offset: number }) =>
        statements
          .prepared(
            `SELECT d.rid${page.distance ? `, ${page.distance} AS dist` : ''}${countInPage ? ', count(*) OVER () AS total_rows' : ''}${keyColumns} ` +
              `${fromWhereSql(conditions, extra)} ${orderBy} LIMIT @limit OFFSET @offset`,
          )
          .raw()
          .all({ ...page.params, ...keyset?.params, ...rows }) as unknown[][];
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
      return { page, keys, order, countInPage, read, columns: pageColumns(keys, page.distance !== null, countInPage) };
    };
    /**
     * The window of rows nearest points already hold (nearest-points.ts, `rows`), in the shape `readPage` gives;
     * null unless the page's keys are the distance and the id, the order those rows are in.
     */
    const pointRowsPage = (page: MatchPlan, pointRows: PointRow[]): ReturnType<typeof readPage> | null => {
      const keys = orderKeys(layout, query, page);
      if (keys.length !== 2 || keys[0]!.orderBy !== 'dist') return null;
      const read = pointRows
        .slice(window.offset, window.offset + window.limit)
        .map((row): unknown[] => [row.rid, row.dist, row.idKey]);
      return {
        page,
        keys,
        order: keysetOrder(keys, query),
        countInPage: false,
        read,
        columns: pageColumns(keys, true, false),
      };
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
    const { keys, order, countInPage, read, columns } =
      answer ??
      (byPoints?.rows ? pointRowsPage(byPoints.plan, byPoints.rows) : null) ??
      readPage(byPoints?.plan ?? (walk ? orderedWalkPlan(layout, query, walkIndex, plans.match) : plans.page));
    const rows = read.slice(0, limit);
    if (reversed) rows.reverse();
    // The id key is the order's last key (orderKeys), selected for the cursor.
    const idKey = columns.keys[keys.length - 1]!;
    const found = rows.map((row): FoundRow => {
      const hit: FoundRow = { rid: row[0] as number, id: idOfKey(row[idKey] as number | string) };
      if (columns.dist !== null) hit.dist = row[columns.dist] as number;
      return hit;
    });
    const inPage = countInPage ? ((rows[0]?.[columns.total!] as number | undefined) ?? 0) : null;
    const count =
      known ?? inPage ?? (found.length < limit ? found.length : total(layout, query, plans.count, plans.match));
    const last = rows[rows.length - 1];
    const more = after === undefined ? offset + rows.length < count : read.length > limit;
    const nextCursor =
      more && last
        ? encodeCursor(
            order,
            keys.map((_, i) => last[columns.keys[i]!] as CursorValue),
          )
        : null;
    return { layout, total: count, rows: found, nextCursor };
  };
}
