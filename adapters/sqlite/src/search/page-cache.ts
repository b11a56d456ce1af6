/**
 * Whole answers of the largest pages (a map's pages of 1,000 pins), kept on the owning connection while no
 * write could have changed them. Every visitor of the map asks the same few pages, and each costs a reader
 * thread the page's walk and a thousand fragment lookups, and the main thread the copy of a thousand hits from
 * that thread; a list page of 100 rows is cheap enough to read each time and is not kept.
 *
 * Validity is the count cache's (count-cache.ts): a page is kept with the state it was asked at and what its
 * rows depend on (write-scopes.ts), and served while no write touched those scopes since. A write racing the
 * read makes the page look changed at the next ask, never the other way round. Requests for a page being read
 * share that one read. Kept answers are frozen: every caller gets the same objects.
 */
import type Database from 'better-sqlite3';
import type { KeptScope } from './count-cache.ts';
import { writeScopesOf, type ReadAt, type WriteScopes } from './write-scopes.ts';

/** Pages of more rows than this are kept: larger than a list page (DEFAULT_LIMIT). */
export const KEPT_PAGE_ROWS = 100;
const MAX_PAGES = 32;

interface KeptPage {
  answer: Promise<unknown>;
  at: ReadAt;
  scope: KeptScope;
}

export class PageCache {
  private readonly pages = new Map<string, KeptPage>();
  private readonly scopes: WriteScopes;

  constructor(db: Database.Database) {
    this.scopes = writeScopesOf(db);
  }

  /** The kept answer of `key`, else `read()`'s, kept while no write touches `scope`. */
  get<T extends object>(key: string, scope: KeptScope, read: () => Promise<T>): Promise<T> {
    return this.getWith(key, scope, read, () => scope);
  }

  /**
   * The same, for a page whose dependencies follow from what it found (`scopeOf`, else `fallback`'s): the
   * rows of a page in one field's order depend only on values up to its last row's.
   */
  getWith<T extends object>(
    key: string,
    fallback: KeptScope,
    read: () => Promise<T>,
    scopeOf: (answer: T) => KeptScope,
  ): Promise<T> {
    const kept = this.pages.get(key);
    if (kept && this.scopes.unchanged(kept.scope.layout, kept.at, kept.scope.dependencies))
      return kept.answer as Promise<T>;
    if (kept) this.pages.delete(key);
    const at = this.scopes.now(fallback.layout);
    const entry: KeptPage = { answer: Promise.resolve(), at, scope: fallback };
    const reading = read().then(
      (answer) => {
        const scope = scopeOf(answer);
        entry.scope = scope;
        if (!this.scopes.unchanged(scope.layout, at, scope.dependencies)) {
          if (this.pages.get(key)?.answer === reading) this.pages.delete(key);
          return answer;
        }
        return deepFreeze(answer);
      },
      (error: unknown) => {
        if (this.pages.get(key)?.answer === reading) this.pages.delete(key);
        throw error;
      },
    );
    entry.answer = reading;
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, entry);
    return reading;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
