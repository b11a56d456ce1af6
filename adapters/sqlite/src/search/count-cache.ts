/**
 * Remembers totals and facet rows while no write could have changed them. Counting every match of a broad
 * filter over a million rows costs far more than fetching one page, and the same filters repeat (every page of
 * a listing, every visitor on the default view). An answer given with its dependencies (write-scopes.ts: its
 * city, its words, its cells) stays valid across writes elsewhere; one given without stays valid until this
 * connection writes or another commits (`PRAGMA data_version`).
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { ANY_WRITE, writeScopesOf, type Dependencies, type ReadAt, type WriteScopes } from './write-scopes.ts';

const MAX_ENTRIES = 2000;

/** What a kept answer depends on: the layout whose writes it follows and the scopes of its rows. */
export interface KeptScope {
  layout: IndexLayout;
  dependencies: Dependencies;
}

interface Entry {
  value: unknown;
  at: ReadAt;
  scope: KeptScope | null;
}

export class CountCache {
  private readonly entries = new Map<string, Entry>();
  private readonly scopes: WriteScopes;

  constructor(db: Database.Database) {
    this.scopes = writeScopesOf(db);
  }

  invalidate(): void {
    this.entries.clear();
  }

  get<T>(sql: string, params: Record<string, unknown>, compute: () => T, scope?: KeptScope): T {
    return this.getWith(sql, params, compute, () => scope ?? null, scope?.layout ?? null);
  }

  /** The same, for an answer whose dependencies follow from what it found (a min and max: writes beyond them). */
  getWith<T>(
    sql: string,
    params: Record<string, unknown>,
    compute: () => T,
    scopeOf: (value: T) => KeptScope | null,
    layout: IndexLayout | null = null,
  ): T {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      if (this.scopes.unchanged(kept.scope?.layout ?? null, kept.at, kept.scope?.dependencies ?? ANY_WRITE))
        return kept.value as T;
      this.entries.delete(key);
    }
    const at = this.scopes.now(layout);
    const value = compute();
    const scope = scopeOf(value);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at, scope: scope?.layout === layout ? scope : null });
    return value;
  }
}
