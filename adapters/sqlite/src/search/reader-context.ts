/**
 * What every part of a reader shares on its connection: the statements, the kept answers and sets, and the
 * shapes of a query and of a page row that cross from one part to the next. Held apart from the parts so none
 * of them imports another only for these.
 */
import type Database from 'better-sqlite3';
import type { SearchQuery } from '@evently/platform';
import type { CountCache } from './count-cache.ts';
import type { MatchSets } from './match-sets.ts';
import type { KeywordCounts } from './keyword-counts.ts';
import type { CountedRowsCache } from './counted-rows.ts';
import type { StatementCache } from './statement-cache.ts';

/** A query without its page: what a total, a count or a plan's conditions depend on. */
export type MatchQuery = Omit<SearchQuery, 'sort' | 'offset' | 'limit' | 'fields' | 'after'>;

/** Largest complement worth counting instead of the range itself. */
export const COMPLEMENT_LIMIT = 200_000;

/** A row of a page. */
export interface FoundRow {
  rid: number;
  /** From the id's sort key, which every page statement selects for its cursor (`idOfKey`). */
  id: string;
  /** Only when the query has `near`. */
  dist?: number;
}

export interface ReaderContext {
  db: Database.Database;
  statements: StatementCache;
  counts: CountCache;
  matchSets: MatchSets;
  keywordCounts: KeywordCounts;
  countedRows: CountedRowsCache;
}
