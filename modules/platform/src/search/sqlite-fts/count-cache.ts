/**
 * Remembers totals and facet rows until the index file changes. Counting every match of a broad filter over a
 * million rows costs far more than fetching one page, and the same filters repeat (every page of a listing,
 * every visitor on the default view). Validity is tied to this connection's writes and to
 * `PRAGMA data_version`, which changes when another connection commits: another process, or for a reader
 * thread's connection the owning connection in the main thread.
 */
import type Database from 'better-sqlite3';

const MAX_ENTRIES = 2000;

export class CountCache {
  private readonly entries = new Map<string, unknown>();
  private seenVersion = -1;
  private readonly dataVersion: Database.Statement;

  constructor(db: Database.Database) {
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  invalidate(): void {
    this.entries.clear();
  }

  get<T>(sql: string, params: Record<string, unknown>, compute: () => T): T {
    const version = this.dataVersion.get() as number;
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = compute();
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }
}
