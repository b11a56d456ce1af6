/**
 * Whole answers of the largest pages (a map's pages of 1,000 pins), kept on the owning connection until the
 * index file changes. Every visitor of the map asks the same few pages, and each costs a reader thread
 * the page's walk and a thousand fragment lookups, and the main thread the copy of a thousand hits from that
 * thread; a list page of 100 rows is cheap enough to read each time and is not kept.
 *
 * Validity is the count cache's (count-cache.ts): `PRAGMA data_version` on this connection changes whenever
 * another connection commits (another process, such as the worker projecting events or a second api sharing
 * DATA_DIR), and this connection's own writes call `invalidate`. An answer is kept only when that state is the
 * same after it arrived as before it was asked for: no commit came in between, so the reader's snapshot held
 * exactly that state, whatever moment it was taken. Requests for a page being read share that one read.
 * Kept answers are frozen: every caller gets the same objects.
 */
import type Database from 'better-sqlite3';

/** Pages of more rows than this are kept: larger than a list page (DEFAULT_LIMIT). */
export const KEPT_PAGE_ROWS = 100;
const MAX_PAGES = 32;

export class PageCache {
  private readonly pages = new Map<string, Promise<unknown>>();
  private readonly dataVersion: Database.Statement;
  private seenVersion = -1;
  private ownWrites = 0;

  constructor(db: Database.Database) {
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  /** After this connection's own writes. */
  invalidate(): void {
    this.ownWrites++;
    this.pages.clear();
  }

  /** The index file's state as this connection sees it now; kept pages of an older state are dropped. */
  private state(): string {
    const version = this.dataVersion.get() as number;
    if (version !== this.seenVersion) {
      this.pages.clear();
      this.seenVersion = version;
    }
    return `${version}/${this.ownWrites}`;
  }

  /** The kept answer of `key`, else `read()`'s, kept when the file did not change meanwhile. */
  get<T extends object>(key: string, read: () => Promise<T>): Promise<T> {
    const before = this.state();
    const kept = this.pages.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    const reading = read().then(
      (answer) => {
        if (this.state() !== before) {
          if (this.pages.get(key) === reading) this.pages.delete(key);
          return answer;
        }
        return deepFreeze(answer);
      },
      (error: unknown) => {
        if (this.pages.get(key) === reading) this.pages.delete(key);
        throw error;
      },
    );
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, reading);
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
