/**
 * Filter options: each keyword field's values with their counts, and each number or date field's bounds,
 * over the matches of some filters. The whole index's values and the "upcoming" ones come from the rows the
 * triggers keep (facet-counts.ts) less the few below the cutoff; other filters group their matches once and
 * keep the answer with what it depends on (write-scopes.ts).
 */
import type { FacetRequest, FacetResult, FilterClause } from '@evently/platform';
import { preferredSpelling } from '@evently/platform/adapter-kit';
import { column, type IndexLayout } from './index-layout.ts';
import { fromWhereSql, planMatch } from './search-sql.ts';
import { excludedRowsFacetsSql, subtractFacetRows, wholeIndexFacetsSql, type FacetRow } from './facet-counts.ts';
import {
  boundsDependencies,
  keywordValuesChanged,
  missingValues,
  queryDependencies,
  valuesUpTo,
} from './write-scopes.ts';
import { COMPLEMENT_LIMIT, type ReaderContext } from './reader-context.ts';

const DEFAULT_FACET_SIZE = 1000;

export type FacetAnswers = (index: string, request: FacetRequest) => FacetResult;

export function createFacetAnswers(
  { statements, counts }: ReaderContext,
  live: (name: string) => IndexLayout,
): FacetAnswers {
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

  return (index, request) => {
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
