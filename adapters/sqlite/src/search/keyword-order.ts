/**
 * Words with one value of a keyword (a city) in that keyword's `sortedBy` order: the events list's "jazz in
 * Berlin", ranked by relevance then date, or by date alone. The city drives (its rows test the word's
 * match set, match-sets.ts) and its `sortedBy` index, (city, date, id_key, other dates and numbers, sortable
 * texts) at the same layout version, holds every column such a query reads: the count and the page read index
 * entries only, in date order.
 *
 * Relevance there is the name score (search-sql.ts, `nameMatchScore`: each word found in the name adds its
 * boost), whose few values sort before the date. The order is (score, date, id_key), and the rows of the best
 * score come first in (date, id_key) order: the index's. So the page walks the index for the best-scored rows
 * and stops after the page; only when fewer of them match than the page needs are the other rows read and
 * sorted (`readBestFirst`), instead of looking up, scoring and sorting every match of the city with a window
 * count, which grows with the city. A row without a name
 * scores 0, as one whose name lacks the words (never NULL, which would sort before every number).
 */
import type { SearchQuery } from '@evently/platform';
import { asEpochMillis, foldKeyword } from '@evently/platform/adapter-kit';
import type { IndexLayout } from './index-layout.ts';
import type { KeywordRowsCount } from './keyword-rows.ts';
import { sortedByIndexFor } from './ordered-walk.ts';

/** What a keyword-ordered plan knows of its order (set on the page and the count plan, search-sql.ts `MatchPlan`). */
export interface KeywordOrder {
  /** The name score's best value, when the page's order starts with relevance (the name score). */
  best: number | null;
  /** The count as a pass over the keyword value's rows (keyword-rows.ts), when the filters allow it. */
  rows: KeywordRowsCount | null;
  /** The words' match set (match-sets.ts), as bits: the count's pass tests them. */
  matchBits: Uint32Array;
}

/** A keyword's `sortedBy` index serving a query, with the keyword and the field it orders by. */
export interface KeywordOrderIndex {
  index: string;
  keyword: string;
  field: string;
}

type OrderedQuery = Omit<SearchQuery, 'offset' | 'limit' | 'fields' | 'after'>;

/**
 * The keyword's `sortedBy` index that serves a text query in its order: one value of the keyword, the order
 * that field alone or relevance then that field, every other filter on a date or number column the index carries.
 */
export function keywordOrderIndexFor(layout: IndexLayout, query: OrderedQuery): KeywordOrderIndex | null {
  if (query.text === undefined) return null;
  const sort = query.sort ?? [];
  const fieldSorts = sort.filter((clause) => clause.by === 'field');
  const only = fieldSorts[0];
  if (
    fieldSorts.length !== 1 ||
    only === undefined ||
    sort.length > 2 ||
    (sort.length === 2 && sort[0]?.by !== 'relevance')
  )
    return null;
  const index = sortedByIndexFor(layout, query as SearchQuery, true);
  if (index === null) return null;
  // The clause sortedByIndexFor chose: the first equality on a keyword sorted by that field.
  const keyword = (query.filters ?? []).find((clause) => {
    const spec = layout.schema.fields[clause.field];
    return clause.op === 'eq' && spec?.type === 'keyword' && (spec.sortedBy ?? []).includes(only.field);
  });
  return keyword ? { index, keyword: keyword.field, field: only.field } : null;
}

/** The count as a pass over the keyword value's rows: the keyword's equality and ranges of a date order field only. */
function rowsCount(layout: IndexLayout, query: OrderedQuery, ordered: KeywordOrderIndex): KeywordRowsCount | null {
  if (layout.schema.fields[ordered.field]?.type !== 'date') return null;
  let value: string | null = null;
  const range: KeywordRowsCount['range'] = {};
  for (const clause of query.filters ?? []) {
    if (clause.op === 'eq' && clause.field === ordered.keyword && value === null) {
      value = foldKeyword(String(clause.value));
    } else if (clause.op === 'range' && clause.field === ordered.field) {
      // Without bounds the clause is "has a date" (search-sql.ts): left to SQL.
      if ([clause.gte, clause.gt, clause.lte, clause.lt].every((bound) => bound === undefined)) return null;
      for (const bound of ['gte', 'gt', 'lte', 'lt'] as const) {
        if (clause[bound] === undefined) continue;
        const millis = asEpochMillis(clause[bound]);
        if (millis === null || range[bound] !== undefined) return null;
        range[bound] = millis;
      }
    } else {
      return null;
    }
  }
  return value === null ? null : { index: ordered.index, keyword: ordered.keyword, value, date: ordered.field, range };
}

/** The sortable text fields the name score reads, in `nameMatchScore`'s order. */
const scoredFields = (layout: IndexLayout): Array<[string, number]> =>
  Object.entries(layout.schema.fields).flatMap(([field, spec]) =>
    spec.type === 'text' && spec.sortable ? [[field, spec.boost ?? 1] as [string, number]] : [],
  );

/**
 * The order facts of a keyword-ordered plan. `words` are the query's word forms (one entry per word), `score`
 * the page's score SQL (null when the order has no relevance or nothing to score), `matchBits` the words' set.
 */
export function keywordOrderOf(
  layout: IndexLayout,
  query: OrderedQuery,
  ordered: KeywordOrderIndex,
  words: string[][],
  score: string | null,
  matchBits: Uint32Array,
): KeywordOrder {
  const rows = rowsCount(layout, query, ordered);
  if (score === null) return { best: null, rows, matchBits };
  // Every word found in every scored field: the score's least value, subtracted in the SQL's order so the
  // doubles are the same.
  let best = 0;
  for (const [, boost] of scoredFields(layout)) for (const _word of words) best -= boost;
  return { best, rows, matchBits };
}

/**
 * Entries of the range below which one sort of every match costs less than the walk, which reads the whole
 * range when fewer best-scored rows exist than the page needs and then sorts the rest: a short range (a city's
 * next month) sorts faster than it walks, a long one (all of a big city's upcoming events) walks faster.
 */
const SORT_BELOW_ENTRIES = 5000;

/** A keyword-ordered plan's total and (counted from kept rows) the range's entries. */
export interface KeywordOrderTotals {
  total: number;
  inRange?: number;
}

/** Whether the page reads its best-scored rows first (`readBestFirst`) rather than sorting every match. */
export function walkBestFirst(totals: KeywordOrderTotals, wanted: number): boolean {
  return totals.total > wanted && (totals.inRange ?? Infinity) >= SORT_BELOW_ENTRIES;
}

/** One statement of the page: extra conditions, its ORDER BY, and its LIMIT and OFFSET; rows as arrays of columns. */
export type PageRead = (extra: string[], orderBy: string, window: { limit: number; offset: number }) => unknown[][];

/**
 * The rows `window` selects in (score, rest of the order), reading the best-scored rows in the index order first.
 * `score` is the page's score SQL, `best` its best value, `restOrderBy` the ORDER BY without the score and
 * `fullOrderBy` the page's own. The same rows as `read([], fullOrderBy, window)`: the best-scored rows are the
 * first of that order, in `restOrderBy`'s; when fewer than `offset + limit` of them exist, they are all there
 * is of them, and the page continues with the other rows at the offset less their number.
 */
export function readBestFirst(
  read: PageRead,
  score: string,
  best: number,
  restOrderBy: string,
  fullOrderBy: string,
  window: { limit: number; offset: number },
): unknown[][] {
  const isBest = `${score} = ${best}`;
  const wanted = window.offset + window.limit;
  const first = read([isBest], restOrderBy, { limit: wanted, offset: 0 });
  if (first.length === wanted) return first.slice(window.offset);
  const kept = first.slice(window.offset);
  const rest = read([`(${score}) IS NOT ${best}`], fullOrderBy, {
    limit: window.limit - kept.length,
    offset: Math.max(0, window.offset - first.length),
  });
  return [...kept, ...rest];
}
