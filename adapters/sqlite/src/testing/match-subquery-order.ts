/**
 * The plan that match sets and keyword walks replaced, kept for their specs to compare with: the match as an
 * `IN (SELECT rowid ... MATCH ...)` subquery with the same WHERE and ORDER BY, every match sorted.
 */
import { expect } from 'vitest';
import type { SearchQuery } from '@evently/platform';
import { ftsMatch } from '../search/fts-match.ts';
import { fromWhereSql, orderBySql, planMatch } from '../search/search-sql.ts';
import type { IndexedTestFile } from './indexed-test-file.ts';

/**
 * Every id `query` finds, in the subquery plan's order. `drive` says which side the adapter drives from:
 * the documents for a word with a city or an area, the full-text table for a word alone (where bm25 scores
 * every match alike).
 */
export function subqueryOrder(file: IndexedTestFile, query: SearchQuery, drive: 'docs' | 'fts' = 'docs'): string[] {
  const match = ftsMatch(file.db, file.layout, query.text!)!;
  const relevance = (query.sort ?? []).some((clause) => clause.by === 'relevance');
  const plan = planMatch(file.layout, query, match.expression, relevance, {
    drive,
    words: match.forms,
    constantScore: drive === 'fts',
  });
  expect(fromWhereSql(plan)).toContain('MATCH');
  return file.db
    .prepare(`SELECT d.id ${fromWhereSql(plan)} ${orderBySql(file.layout, query, plan)}`)
    .pluck()
    .all(plan.params) as string[];
}
