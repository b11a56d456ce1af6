/**
 * Counts of words with a keyword value (a city), kept as the rows they counted: the value's rows within the
 * date range, and those of them in the words' set. A feed writes in every city and with every common word in
 * nearly every commit, so each such count was counted again after each commit: a pass over the city's thirteen
 * thousand rows testing each one's date and bit, the largest part of a reader thread's time behind a feed. Kept
 * as rows, a count is brought up to date from the rows the commits since changed (changed-rows.ts): they leave
 * the lists, and those of them that hold the value, fall in the range (and are in the set) now come back.
 *
 * The range's rows do not depend on the words, so one list serves every word with that city and range. A list is
 * first made from the value's kept rows (keyword-rows.ts), the words' list from the range's; once made, a list
 * is patched by itself, and the value's rows are asked for again only for a range not kept. Lists are kept within
 * a byte budget, least recently used first out.
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { onePerConnection } from './one-per-connection.ts';
import { ByteBudgetCache } from './byte-budget-cache.ts';
import { ANY_WRITE, writeScopesOf } from './write-scopes.ts';
import { replaceRows, type RidsAt } from './row-lists.ts';
import { hasBit } from './match-sets.ts';
import {
  keywordRowsOf,
  valueChangesSince,
  type KeywordRows,
  type KeywordRowsCount,
  type KeywordRowsTotals,
} from './keyword-rows.ts';

/** Bytes of lists one connection keeps (4 a row): a million-event index's rows four times over. */
const BYTE_BUDGET = 16 * 1024 * 1024;

/** The words a count tests: their set's bits (match-sets.ts) and a key naming the expression. */
export interface CountedWords {
  bits: Uint32Array;
  key: string;
}

export interface KeywordCounts {
  /**
   * Rows of the value within the range, and those of them in the words' set; null on the value's first ask (the
   * caller counts in SQL, see keyword-rows.ts).
   */
  count(layout: IndexLayout, request: KeywordRowsCount, words: CountedWords): KeywordRowsTotals | null;
  invalidate(): void;
  /** How many lists were made by a pass over their rows and how many brought up to date, so far. */
  tally(): { passed: number; patched: number };
}

/** One per connection, as the data version it follows is. */
export const keywordCountsOf = onePerConnection(createKeywordCounts);

/** Whether the range has a bound: without one it holds every row, dated or not. */
const bounded = ({ gte, gt, lte, lt }: KeywordRowsCount['range']): boolean =>
  gte !== undefined || gt !== undefined || lte !== undefined || lt !== undefined;

/** Whether a date (NaN or null when the row has none, which no bound holds) is within the range. */
function inRange(date: number | null, range: KeywordRowsCount['range']): boolean {
  if (!bounded(range)) return true;
  if (date === null || Number.isNaN(date)) return false;
  const { gte, gt, lte, lt } = range;
  return (
    (gte === undefined || date >= gte) &&
    (gt === undefined || date > gt) &&
    (lte === undefined || date <= lte) &&
    (lt === undefined || date < lt)
  );
}

/** The rows of `rows` within the range, ascending. */
function rangeRows(rows: KeywordRows, range: KeywordRowsCount['range']): Int32Array {
  if (!bounded(range)) return rows.rids;
  const { gte = -Infinity, gt = -Infinity, lte = Infinity, lt = Infinity } = range;
  const { rids, dates } = rows;
  const found = new Int32Array(rids.length);
  let n = 0;
  for (let i = 0; i < rids.length; i++) {
    const date = dates[i]!;
    if (date >= gte && date > gt && date <= lte && date < lt) found[n++] = rids[i]!;
  }
  return found.slice(0, n);
}

/** The rows of `rids` in the set, ascending. */
function setRows(rids: Int32Array, bits: Uint32Array): Int32Array {
  const found = new Int32Array(rids.length);
  let n = 0;
  for (let i = 0; i < rids.length; i++) if (hasBit(bits, rids[i]!)) found[n++] = rids[i]!;
  return found.slice(0, n);
}

function createKeywordCounts(db: Database.Database): KeywordCounts {
  const keywordRows = keywordRowsOf(db);
  const scopes = writeScopesOf(db);
  const lists = new ByteBudgetCache<RidsAt>(BYTE_BUDGET, (list) => list.rids.byteLength);
  const tally = { passed: 0, patched: 0 };

  /**
   * `known` less the rows changed since, with those of them that hold the value, fall in the range and pass
   * `inSet` now; null when the log cannot say.
   */
  const patch = db.transaction(
    (layout: IndexLayout, request: KeywordRowsCount, known: RidsAt, inSet: (rid: number) => boolean): RidsAt | null => {
      const changes = valueChangesSince(db, layout, request, known.at);
      if (changes === null) return null;
      const { rids, dates } = changes.holding;
      const added = rids.filter((rid, i) => inRange(dates[i] ?? null, request.range) && inSet(rid));
      return { rids: replaceRows(known, changes.gone, { rids: added }).rids, at: changes.now };
    },
  );

  /**
   * The list under `key`, brought up to date, else made by `pass` at the state now; null when it is not kept and
   * `pass` cannot make it.
   */
  const listOf = (
    layout: IndexLayout,
    key: string,
    request: KeywordRowsCount,
    inSet: (rid: number) => boolean,
    pass: () => Int32Array | null,
  ): Int32Array | null => {
    const known = lists.take(key);
    if (known !== undefined) {
      if (scopes.unchanged(layout, known.at, ANY_WRITE)) {
        lists.keep(key, known);
        return known.rids;
      }
      const patched = patch(layout, request, known, inSet);
      if (patched !== null) {
        tally.patched++;
        lists.keep(key, patched);
        return patched.rids;
      }
    }
    const at = scopes.now(layout);
    const rids = pass();
    if (rids === null) return null;
    tally.passed++;
    lists.keep(key, { rids, at });
    return rids;
  };

  return {
    count(layout, request, words) {
      const { gte, gt, lte, lt } = request.range;
      const rangeKey = `${request.index}\u0000${request.value}\u0000${gte},${gt},${lte},${lt}`;
      // The value's rows only when the range's list is not kept: a kept list is patched from the changed rows
      // itself, and bringing the value's rows up to date as well would copy a city's rows after every commit.
      const inRangeRows = listOf(
        layout,
        rangeKey,
        request,
        () => true,
        () => {
          const rows = keywordRows.rowsOf(layout, request);
          return rows === null ? null : rangeRows(rows, request.range);
        },
      );
      if (inRangeRows === null) return null;
      const matched = listOf(
        layout,
        `${rangeKey}\u0000${words.key}`,
        request,
        (rid) => hasBit(words.bits, rid),
        () => setRows(inRangeRows, words.bits),
      )!;
      return { total: matched.length, inRange: inRangeRows.length };
    },
    invalidate() {
      lists.clear();
    },
    tally: () => ({ ...tally }),
  };
}
