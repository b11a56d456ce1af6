/**
 * Totals of queries without words kept as the rows they counted (rids in order), so a total that a write made
 * stale is brought up to date from the rows the commits since changed (changed-rows.ts) instead of counted again:
 * each changed row leaves the kept rows, and those of them the query matches now come back, tested in SQL with
 * the query's own conditions on those rows alone. A feed writes in every category and every week, so counting
 * "a category between two prices" or "this month under 80" again after each commit read tens of thousands of
 * index entries in every reader thread a few times a second; a patch reads the commit's rows.
 *
 * The first count of a query is SQL's (the count cache keeps it while no write touches it); the rows are read on
 * its next count, as most queries are asked once. Rows are kept within a byte budget, least recently used first
 * out.
 */
import type Database from 'better-sqlite3';
import type { SearchQuery } from '@evently/platform';
import type { IndexLayout } from './index-layout.ts';
import { parseIntegers } from './integer-list.ts';
import { onePerConnection } from './one-per-connection.ts';
import { changedRowsOf } from './changed-rows.ts';
import { ascendingRids, replaceRows, type RidsAt } from './row-lists.ts';
import { ByteBudgetCache } from './byte-budget-cache.ts';
import { createStatementCache } from './statement-cache.ts';
import { ANY_WRITE, writeScopesOf } from './write-scopes.ts';
import { fromWhereSql, planMatch, rowPretest, type MatchPlan } from './search-sql.ts';

/** What a total is asked of: a query without its page. */
type MatchQuery = Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields' | 'after'>;

/** Bytes of rows one connection keeps (4 a row): every row of a million-event index eight times over. */
const BYTE_BUDGET = 32 * 1024 * 1024;
/** Queries counted once: the next count reads their rows. Forgotten all at once past this many. */
const MOST_NOTED = 10_000;

export interface CountedRowsCache {
  /**
   * The total of `query`, whose count plan is `plan`, from its kept rows brought up to date; null on its first
   * count (the caller counts in SQL) or for a query with words.
   */
  count(layout: IndexLayout, query: MatchQuery, plan: MatchPlan): number | null;
  invalidate(): void;
  /** How many row lists were read whole and how many brought up to date from the changed rows, so far. */
  tally(): { read: number; patched: number };
}

/** One per connection, as the data version it follows is. */
export const countedRowsOf = onePerConnection(createCountedRows);

function createCountedRows(db: Database.Database): CountedRowsCache {
  const statements = createStatementCache(db);
  const kept = new ByteBudgetCache<RidsAt>(BYTE_BUDGET, (rows) => rows.rids.byteLength);
  const noted = new Set<string>();
  const tally = { read: 0, patched: 0 };
  const scopes = writeScopesOf(db);
  const changed = changedRowsOf(db);

  /** Every row the plan matches. A commit between `at` and the read is re-tested by the next patch, harmlessly. */
  const read = (layout: IndexLayout, plan: MatchPlan): RidsAt => {
    const at = scopes.now(layout);
    const list = statements
      .prepared(`SELECT count(*), group_concat(rid) FROM (SELECT d.rid ${fromWhereSql(plan)})`)
      .raw()
      .get(plan.params) as [number, string | null];
    const rids = new Int32Array(list[0]);
    if (list[1] !== null) parseIntegers(list[1], rids);
    return { rids: rids.sort(), at };
  };

  /** `known` less the rows changed since, plus those of them the query matches now; null when the log cannot say. */
  const patch = db.transaction((layout: IndexLayout, query: MatchQuery, known: RidsAt): RidsAt | null => {
    const changes = changed.since(layout, known.at, false);
    if (changes === null) return null;
    const gone = ascendingRids(changes.rids);
    // The changed rows outside the query's keyword values, ranges or map box, as they are now, cannot match: only
    // the others go to SQL.
    const pretest = rowPretest(layout, query);
    const rowNow = pretest === null ? null : changed.rowsNow(layout, changes);
    const tested =
      pretest === null
        ? gone
        : gone.filter((rid) => {
            const row = rowNow!(rid);
            return row !== null && pretest(row);
          });
    // The query's conditions on those rows alone, each found by its rid; the area tested on the columns.
    const plan = planMatch(layout, query, null, false, { geoIndex: true });
    const matching = statements
      .prepared(
        `SELECT d.rid FROM json_each(@changedRids) c CROSS JOIN ${plan.from} ` +
          `WHERE ${['d.rid = c.value', ...plan.where].join(' AND ')} ORDER BY d.rid`,
      )
      .pluck()
      .all({ ...plan.params, changedRids: JSON.stringify(Array.from(tested)) }) as number[];
    return { rids: replaceRows(known, gone, { rids: matching }).rids, at: changes.now };
  });

  return {
    count(layout, query, plan) {
      if (query.text !== undefined) return null;
      const key = `${layout.docs}\u0000${fromWhereSql(plan)}\u0000${JSON.stringify(plan.params)}`;
      const known = kept.take(key);
      if (known !== undefined) {
        const patched = scopes.unchanged(layout, known.at, ANY_WRITE) ? known : patch(layout, query, known);
        if (patched !== null) {
          if (patched !== known) tally.patched++;
          kept.keep(key, patched);
          return patched.rids.length;
        }
      } else if (!noted.has(key)) {
        if (noted.size >= MOST_NOTED) noted.clear();
        noted.add(key);
        return null;
      }
      tally.read++;
      const rows = read(layout, plan);
      kept.keep(key, rows);
      return rows.rids.length;
    },
    invalidate() {
      kept.clear();
      noted.clear();
    },
    tally: () => ({ ...tally }),
  };
}
