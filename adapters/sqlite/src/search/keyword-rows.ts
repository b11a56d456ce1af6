/**
 * One keyword value's rows (a city's events) as rids with their date, read once from the keyword's `sortedBy`
 * index and kept like match sets (match-sets.ts), so words with a city are counted in JavaScript
 * (keyword-counts.ts: the rows within a date range, and those of them in the words' set). Counting from them costs
 * a small fraction of counting in SQL, which reads the city's index entries again for every new pair of words and
 * city; visitors ask many such pairs, so cached totals rarely hit.
 *
 * Dates only: they are stored as integers, which cross from SQLite as exact text.
 *
 * A value's rows stay valid until a write touches that value (write-scopes.ts: before or after the change), so
 * a feed writing in other cities leaves them kept; rows a write did touch are brought up to date from the rows
 * the commits since changed (changed-rows.ts) when the log still holds them, rather than read again. Only
 * counts read them, when they first count a range; they are kept in rid order (`inRidOrder`, row-lists.ts). Lists are kept
 * within a byte budget, least recently used first out.
 */
import type Database from 'better-sqlite3';
import { column, unquoted, type IndexLayout } from './index-layout.ts';
import { parseIntegers } from './integer-list.ts';
import { writeScopesOf, type Dependencies, type ReadAt } from './write-scopes.ts';
import { onePerConnection } from './one-per-connection.ts';
import { ByteBudgetCache } from './byte-budget-cache.ts';
import { changedRowsOf } from './changed-rows.ts';
import { ascendingRids, inRidOrder, replaceRows } from './row-lists.ts';

/** Bytes of lists one connection keeps: every row of a million-event index twice over (12 bytes a row). */
const BYTE_BUDGET = 24 * 1024 * 1024;

export interface KeywordRows {
  rids: Int32Array;
  /** The date of each row, in epoch milliseconds; NaN when it has none. */
  dates: Float64Array;
}

interface KeptRows extends KeywordRows {
  at: ReadAt;
  dependencies: Dependencies;
}

/** The rows a count reads: one keyword value, a range of a date field (each bound optional). */
export interface KeywordRowsCount {
  /** The keyword's `sortedBy` index, holding the keyword, the date and every sortable text. */
  index: string;
  keyword: string;
  /** The folded value, as the keyword's column stores it. */
  value: string;
  date: string;
  range: { gte?: number; gt?: number; lte?: number; lt?: number };
}

/** A count's answer: the matches, and how many of the value's rows the range holds (matching or not). */
export interface KeywordRowsTotals {
  total: number;
  inRange: number;
}

export interface KeywordRowsCache {
  /** The value's rows, in rid order, or null on the value's first ask (see `load`). */
  rowsOf(layout: IndexLayout, request: KeywordRowsCount): KeywordRows | null;
  invalidate(): void;
  /** How many lists were read whole and how many brought up to date from the changed rows, so far. */
  tally(): { read: number; patched: number };
}

/** One per connection, as the data version it follows is. */
export const keywordRowsOf = onePerConnection(createKeywordRows);

/** The rows changed since a kept list of the value was read, and those of them that hold the value now. */
export interface ValueChanges {
  now: ReadAt;
  /** Every changed row, ascending: each leaves a kept list of the value. */
  gone: Int32Array;
  /** The changed rows that hold the value now, ascending, with their dates (null without one). */
  holding: { rids: number[]; dates: Array<number | null> };
}

/**
 * The rows changed since `at` (changed-rows.ts), tested as they are now against the request's value; null when the
 * log cannot say. Run it in the read transaction of the answer it brings up to date.
 */
export function valueChangesSince(
  db: Database.Database,
  layout: IndexLayout,
  request: KeywordRowsCount,
  at: ReadAt,
): ValueChanges | null {
  const changed = changedRowsOf(db);
  const changes = changed.since(layout, at, false);
  if (changes === null) return null;
  const gone = ascendingRids(changes.rids);
  // The changed rows as they are now, shared by every patch after the same commits.
  const rowNow = changed.rowsNow(layout, changes);
  const keyword = unquoted(column.keywordLower(request.keyword));
  const date = unquoted(column.date(request.date));
  const holding = { rids: [] as number[], dates: [] as Array<number | null> };
  for (const rid of gone) {
    const row = rowNow(rid);
    if (row === null || row[keyword] !== request.value) continue;
    holding.rids.push(rid);
    holding.dates.push(row[date] as number | null);
  }
  return { now: changes.now, gone, holding };
}

function createKeywordRows(db: Database.Database): KeywordRowsCache {
  const byKey = new ByteBudgetCache<KeptRows>(BYTE_BUDGET, (rows) => rows.rids.byteLength + rows.dates.byteLength);
  /** Values asked for once: the next ask reads their rows. */
  const asked = new Set<string>();
  const tally = { read: 0, patched: 0 };
  const scopes = writeScopesOf(db);
  const clear = () => {
    byKey.clear();
    asked.clear();
  };

  const read = (layout: IndexLayout, request: KeywordRowsCount): KeptRows => {
    const at = scopes.now(layout);
    const keyword = `d.${column.keywordLower(request.keyword)}`;
    const date = `d.${column.date(request.date)}`;
    // A row without a date is an 'x' in the dates' text (group_concat skips NULLs, which would shift the rest).
    const found = db
      .prepare(
        `SELECT count(*) AS rows, group_concat(d.rid) AS rids, group_concat(coalesce(${date}, 'x')) AS dates ` +
          `FROM ${layout.docs} d INDEXED BY ${request.index} WHERE ${keyword} = ?`,
      )
      .get(request.value) as { rows: number; rids: string | null; dates: string | null };
    const rids = new Int32Array(found.rows);
    const dates = new Float64Array(found.rows);
    if (found.rows > 0) {
      parseIntegers(found.rids!, rids);
      const parts = found.dates!.includes('x') ? found.dates!.split(',') : null;
      if (parts) for (let i = 0; i < parts.length; i++) dates[i] = parts[i] === 'x' ? Number.NaN : Number(parts[i]);
      else parseIntegers(found.dates!, dates);
    }
    // In rid order (the index gives them in date order): a count then reads the match set's bits front to back,
    // which behind a feed, with other processes' memory in the caches, cost several times less than at random.
    const ordered = inRidOrder(rids, dates);
    return { rids: ordered.rids, dates: ordered.values, at, dependencies: [[`k:${request.keyword}:${request.value}`]] };
  };

  /**
   * `known` less the rows changed since, merged in rid order with those of them that hold the value now; null
   * when the log cannot say.
   */
  const patch = db.transaction((layout: IndexLayout, request: KeywordRowsCount, known: KeptRows): KeptRows | null => {
    const changes = valueChangesSince(db, layout, request, known.at);
    if (changes === null) return null;
    const current = { rids: changes.holding.rids, values: changes.holding.dates };
    const merged = replaceRows({ rids: known.rids, values: known.dates }, changes.gone, current);
    return { rids: merged.rids, dates: merged.values!, at: changes.now, dependencies: known.dependencies };
  });

  /**
   * The value's rows, or null on its first ask: reading them costs about three counts in SQL (every entry's rid
   * and date as text), which pays back only when the value is asked again.
   */
  const load = (layout: IndexLayout, request: KeywordRowsCount): KeywordRows | null => {
    const key = `${request.index}\u0000${request.value}`;
    const known = byKey.take(key);
    if (known !== undefined && scopes.unchanged(layout, known.at, known.dependencies)) {
      byKey.keep(key, known);
      return known;
    }
    const patched = known && patch(layout, request, known);
    if (patched) {
      tally.patched++;
      byKey.keep(key, patched);
      return patched;
    }
    if (!asked.has(key)) {
      if (asked.size >= 10_000) asked.clear();
      asked.add(key);
      return null;
    }
    tally.read++;
    const rows = read(layout, request);
    byKey.keep(key, rows);
    return rows;
  };

  return {
    rowsOf: load,
    invalidate: clear,
    tally: () => ({ ...tally }),
  };
}
