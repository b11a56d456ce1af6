/**
 * How many documents a query matches. Counting every match of a broad filter costs far more than a page, so a
 * total is answered the cheapest way that gives the exact number (trigger-kept rows less a few, a map box's
 * kept cells, a city's kept rows, the rows a query without words counted before, brought up to date) and kept
 * with what it depends on (count-cache.ts, write-scopes.ts).
 */
import { asEpochMillis } from '@evently/platform/adapter-kit';
import { column, type IndexLayout } from './index-layout.ts';
import { ftsMatch } from './fts-match.ts';
import { fromWhereSql, type MatchPlan } from './search-sql.ts';
import { matchSetTest } from './match-sets.ts';
import type { KeywordOrderTotals } from './keyword-order.ts';
import type { AreaCounts } from './area-counts.ts';
import { expressionScopes, missingValues, queryDependencies, valuesUpTo } from './write-scopes.ts';
import { presentCountSql } from './present-counts.ts';
import { COMPLEMENT_LIMIT, type MatchQuery, type ReaderContext } from './reader-context.ts';

export interface MatchTotals {
  /** `match` is the query's match expression (null without words): the words a kept total depends on. */
  total(layout: IndexLayout, query: MatchQuery, plan: MatchPlan, match: string | null): number;
  /**
   * A keyword-ordered plan's total (keyword-order.ts): a pass over the keyword value's kept rows when the
   * filters allow (keyword-rows.ts), else one read of the index entries.
   */
  keywordOrderTotals(layout: IndexLayout, query: MatchQuery, plan: MatchPlan, match: string | null): KeywordOrderTotals;
}

export function createMatchTotals(
  { db, statements, counts, matchSets, keywordCounts, countedRows }: ReaderContext,
  areaCounts: AreaCounts,
  tableExists: (table: string) => boolean,
): MatchTotals {
  const total = (layout: IndexLayout, query: MatchQuery, plan: MatchPlan, match: string | null): number => {
    const complement = complementCount(layout, query);
    if (complement !== null) return complement;
    const area = areaCounts.count(layout, query);
    if (area !== null) return area;
    if (plan.keywordOrder) return keywordOrderTotals(layout, query, plan, match).total;
    const sql = `SELECT count(*) ${fromWhereSql(plan)}`;
    const scope = { layout, dependencies: queryDependencies(layout, query, match) };
    const counted = () =>
      countedRows.count(layout, query, plan) ?? (statements.prepared(sql).pluck().get(plan.params) as number);
    return counts.get(sql, plan.params, counted, scope);
  };

  const keywordOrderTotals = (
    layout: IndexLayout,
    query: MatchQuery,
    plan: MatchPlan,
    match: string | null,
  ): KeywordOrderTotals => {
    const { rows, matchBits } = plan.keywordOrder!;
    const words = { bits: matchBits, key: match ?? '' };
    const sql = `SELECT count(*) AS total ${fromWhereSql(plan)}`;
    const counted = () =>
      (rows === null ? null : keywordCounts.count(layout, rows, words)) ?? statements.prepared(sql).get(plan.params);
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

  return { total, keywordOrderTotals };
}
