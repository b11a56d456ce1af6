/**
 * A text match as a byte per docs rowid, for plans where another index drives and each row only asks "does
 * this document match the words?": a common word walked in date order, or a word with a city or a map area.
 * As `rid IN (SELECT rowid FROM fts WHERE fts MATCH ...)`, SQLite rebuilds the whole match set as an ephemeral
 * B-tree on every execution (issue 14: 6-12 ms for "festival" or "market" at 200k, 319 ms for "festival" in
 * Berlin at a million). Here the set is read from the FTS index once into a buffer holding 1 at each matching
 * rowid, bound to the statement as a blob, and each row tests its byte in plain SQL (`matchSetTest`).
 *
 * A byte, not a bit: SQLite has no function that reads a byte of a blob as a number, and a SQL function
 * written here costs a call into JavaScript per row (measured at a million: 10.5 ms for the 13,158 events of
 * Berlin through such a function, 2.6 ms comparing the byte in SQL, 1.5 ms for the rows alone).
 *
 * Validity is the CountCache's: a set lives until this connection writes (`invalidate`) or another connection
 * commits (`PRAGMA data_version` changes). Sets are kept within a byte budget, least recently used first out:
 * one is a byte per docs row (1 MB at a million).
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { byteSetOf } from './integer-list.ts';

/** Bytes of sets one connection keeps: 48 distinct word sets at a million documents. */
const BYTE_BUDGET = 48 * 1024 * 1024;

export interface MatchSet {
  /** 1 at each matching rowid; bind it where `matchSetTest` names it. */
  bytes: Buffer;
  /** How many documents match. */
  size: number;
}

export interface MatchSets {
  /** This match's set, read from the FTS index if no valid one holds it. */
  load(layout: IndexLayout, expression: string): MatchSet;
  invalidate(): void;
}

/** The SQL condition "row `d` is in the set bound as `param`". */
export const matchSetTest = (param: string): string => `substr(${param}, d.rid + 1, 1) = x'01'`;

const perConnection = new WeakMap<Database.Database, MatchSets>();

/** One per connection, as the data version it follows is. */
export function matchSetsOf(db: Database.Database): MatchSets {
  let sets = perConnection.get(db);
  if (!sets) {
    sets = createMatchSets(db);
    perConnection.set(db, sets);
  }
  return sets;
}

function createMatchSets(db: Database.Database): MatchSets {
  /** Set per (FTS table, expression), in least recently used order (Map order, refreshed on use). */
  const byKey = new Map<string, MatchSet>();
  let built = 0;
  let bytes = 0;
  let seenVersion = -1;
  const dataVersion = db.prepare('PRAGMA data_version').pluck();

  const clear = () => {
    byKey.clear();
    bytes = 0;
  };

  /**
   * The match's rowids, read as one list in a BLOB (integer-list.ts), with a 1 at each in the set. FTS5
   * returns them in ascending order, so the last is the largest and sizes the set. As bytes rather than text:
   * at a million events the 216,000 matches of "market" took 2 ms to mark instead of 7 (issue 14).
   */
  const read = (layout: IndexLayout, expression: string): MatchSet => {
    const list = db.prepare(`SELECT CAST(group_concat(rowid) AS BLOB) FROM ${layout.fts} WHERE ${layout.fts} MATCH ?`).pluck().get(expression) as Buffer | null;
    const { set, size } = byteSetOf(list);
    // Cached totals are keyed by their parameters' JSON: a set stands for itself there by a name, not its bytes.
    const name = `match-set ${++built}`;
    Object.defineProperty(set, 'toJSON', { value: () => name });
    return { bytes: set, size };
  };

  return {
    load(layout, expression) {
      const version = dataVersion.get() as number;
      if (version !== seenVersion) {
        clear();
        seenVersion = version;
      }
      const key = `${layout.fts}\u0000${expression}`;
      const known = byKey.get(key);
      if (known !== undefined) {
        byKey.delete(key);
        byKey.set(key, known);
        return known;
      }
      const set = read(layout, expression);
      for (const [oldKey, old] of byKey) {
        if (bytes + set.bytes.length <= BYTE_BUDGET) break;
        bytes -= old.bytes.length;
        byKey.delete(oldKey);
      }
      byKey.set(key, set);
      bytes += set.bytes.length;
      return set;
    },
    invalidate: clear,
  };
}
