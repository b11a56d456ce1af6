/**
 * Dense matches in a field order: when a map box or circle holds many events (a continent-sized view holds
 * ~90,000 of a million) or a filter matches many (a category with a price range: ~30,000), sorting every match
 * to return the first page costs hundreds of milliseconds, while walking the sort column's index in order and
 * testing each row stops after the page: with 9% of the rows matching, a page of 100 reads about 1,100 rows.
 * SQLite's planner cannot know the density (it picks the category index and sorts), so the caller first counts
 * the matches (cached) and walks only when the walk reads clearly fewer rows than the sort would. The WHERE and
 * ORDER BY are unchanged, so the answer is the same row for row; only the access path is fixed with INDEXED BY.
 */
import type { SearchQuery } from '@evently/platform';
import { sortedByIndex, type IndexLayout } from './index-layout.ts';
import { fieldsKnownPresent } from './present-fields.ts';

/** A walked row costs a docs lookup, a sorted match a sequential read plus its share of the sort: about 3:1. */
const WALK_COST_RATIO = 3;
/**
 * A walked row the index answers alone (its columns hold every condition; words are a bit test of their cached
 * match set, match-sets.ts) costs an index entry, a sorted match a docs lookup and its share of the sort.
 * Measured for words and for map boxes, the walk wins up to several rows a match; five keeps a margin
 * (decision 021).
 */
const COVERED_WALK_COST_RATIO = 1 / 5;
/** Never walk further than this many rows, whatever the estimate says (sparse tails of an order). */
const MAX_WALKED_ROWS = 50_000;

/**
 * The index whose order is the query's order, when an ordered walk is possible: one field sort (distance order
 * needs every distance, relevance every score), and an ORDER BY the index serves as is (descending, or
 * ascending on a field the filters guarantee present, so no "missing last" term). Text may take part: a common
 * word in date order (what the home page asks: its sort is always sent, by date unless changed) tests each
 * walked row against the word's match set, built once, instead of sorting every match. Relevance
 * first takes part only when `constantRelevance` says the score cannot tell matches apart: the field sort
 * after it is then the whole order.
 */
export function walkableSortIndex(layout: IndexLayout, query: SearchQuery, constantRelevance = false): string | null {
  if (!query.bounds && !query.near && (query.filters ?? []).length === 0) return null;
  if (query.text !== undefined && !constantRelevance && (query.sort ?? []).some((clause) => clause.by === 'relevance'))
    return null;
  if (sortedByIndexFor(layout, query) !== null) return null;
  const only = onlyFieldSort(query);
  if (only === null) return null;
  // The row estimate assumes matches spread evenly along the order. A number range on another field is often
  // correlated with a number order (price from vs price to: measured, the cheap end of "price from" is free
  // events that fail "price to >= 10", so the walk read 120,000 rows for a page), so those keep the planner's plan.
  const correlated = (query.filters ?? []).some(
    (clause) =>
      clause.field !== only.field && clause.op === 'range' && layout.schema.fields[clause.field]?.type === 'number',
  );
  if (correlated && layout.schema.fields[only.field]?.type === 'number') return null;
  if (only.direction === 'asc' && !fieldsKnownPresent(query).has(only.field)) return null;
  const spec = layout.schema.fields[only.field];
  const table = layout.docs.slice(1, -1);
  switch (spec?.type) {
    case 'date':
      return `"${table}_d_${only.field}"`;
    case 'number':
      return `"${table}_n_${only.field}"`;
    case 'keyword':
      return `"${table}_kl_${only.field}"`;
    case 'text':
      return spec.sortable ? `"${table}_s_${only.field}"` : null;
    default:
      return null;
  }
}

/**
 * Whether walking `rowsNeeded` rows of the order (offset + limit) through an index of `indexedRows` beats
 * sorting all `matches`: the walk reads about rowsNeeded * indexedRows / matches rows. `covered`: the index
 * entries hold every column the walk tests, so a walked row needs no docs lookup.
 */
export function walkBeatsSort(rowsNeeded: number, matches: number, indexedRows: number, covered = false): boolean {
  if (matches === 0) return false;
  const walked = (rowsNeeded * indexedRows) / matches;
  return walked <= MAX_WALKED_ROWS && walked * (covered ? COVERED_WALK_COST_RATIO : WALK_COST_RATIO) < matches;
}

/** The docs columns a plan's conditions read (`d."column"`, as search-sql.ts writes every one of them). */
export function columnsTested(conditions: readonly string[]): Set<string> {
  return new Set(
    conditions.flatMap((condition) => [...condition.matchAll(/\bd\."([^"]+)"/g)].map((found) => found[1]!)),
  );
}

/** The query's one field sort, when its order has no other key (distance counts only with `near`). */
function onlyFieldSort(query: SearchQuery): { field: string; direction: 'asc' | 'desc' } | null {
  const clauses = (query.sort ?? []).filter(
    (clause) => clause.by === 'field' || (clause.by === 'distance' && query.near),
  );
  const only = clauses[0];
  return clauses.length === 1 && only?.by === 'field' ? only : null;
}

/**
 * A keyword's `sortedBy` index (keyword, field, id_key, other dates and numbers) when it serves the whole
 * query: one value of that keyword, a sort by that field alone, and every other filter on a date or number
 * column the index carries. The page then reads that value's entries in order and stops after the page (no
 * sort of every match: a category with a price range holds ~33,000 events at a million), and the count reads
 * the same entries without visiting the table. Ascending needs the field known present, as for any index order.
 * With `words`, a text query takes part too (relevance before the field is left to the caller, keyword-order.ts):
 * words with a city in date order test each entry against the match set (match-sets.ts) in the index.
 */
export function sortedByIndexFor(layout: IndexLayout, query: SearchQuery, words = false): string | null {
  if ((query.text !== undefined && !words) || query.near || query.bounds) return null;
  const only = onlyFieldSort(query);
  if (only === null || (only.direction === 'asc' && !fieldsKnownPresent(query).has(only.field))) return null;
  const filters = query.filters ?? [];
  const keyword = filters.find((clause) => {
    const spec = layout.schema.fields[clause.field];
    return clause.op === 'eq' && spec?.type === 'keyword' && (spec.sortedBy ?? []).includes(only.field);
  });
  if (!keyword) return null;
  const covered = filters.every((clause) => {
    const type = layout.schema.fields[clause.field]?.type;
    return clause === keyword || type === 'number' || type === 'date';
  });
  return covered ? sortedByIndex(layout, keyword.field, only.field) : null;
}
