/**
 * A text match as a bitmap of docs rowids, for plans where another index drives and each row only asks
 * "does this document match the words?": a common word walked in date order, or a word with a city or a map
 * area. As `rid IN (SELECT rowid FROM fts WHERE fts MATCH ...)`, SQLite rebuilds the whole match set as an
 * ephemeral B-tree on every execution (issue 14: 6-12 ms for "festival" or "market" at 200k, for a page that
 * walks 220 rows in 0.1 ms). Here the set is read from the FTS index once into a bitmap, and the walk tests a
 * bit per row through a SQL function: 0.05-1.5 ms for those pages once the bitmap exists, and building it
 * costs no more than the ephemeral B-tree did.
 *
 * Validity is the CountCache's: a bitmap lives until this connection writes (`invalidate`) or another
 * connection commits (`PRAGMA data_version` changes). The bitmaps are kept within a byte budget, least
 * recently used first out: one is an eighth of a byte per docs row (125 KB at a million).
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';

/** The SQL function the plans call: `in_match_set(slot, rid)` is 1 when the slot's match holds `rid`. */
export const MATCH_SET_FUNCTION = 'in_match_set';
/** Bytes of bitmaps one connection keeps; about 130 distinct word sets at a million documents. */
const BYTE_BUDGET = 16 * 1024 * 1024;
const COMMA = 44;
const ZERO = 48;

export interface MatchSet {
  /** What `in_match_set` is called with. */
  slot: number;
  /** How many documents match. */
  size: number;
}

export interface MatchSets {
  /** The bitmap of this match's rowids, read from the FTS index if no valid one holds them. */
  load(layout: IndexLayout, expression: string): MatchSet;
  invalidate(): void;
}

const perConnection = new WeakMap<Database.Database, MatchSets>();

/** One per connection: the SQL function is registered on the connection and reads this connection's slots. */
export function matchSetsOf(db: Database.Database): MatchSets {
  let sets = perConnection.get(db);
  if (!sets) {
    sets = createMatchSets(db);
    perConnection.set(db, sets);
  }
  return sets;
}

function createMatchSets(db: Database.Database): MatchSets {
  const bySlot = new Map<number, Uint8Array>();
  /** Set per (FTS table, expression), in least recently used order (Map order, refreshed on use). */
  const byKey = new Map<string, MatchSet>();
  let nextSlot = 1;
  let bytes = 0;
  let seenVersion = -1;
  const dataVersion = db.prepare('PRAGMA data_version').pluck();

  db.function(MATCH_SET_FUNCTION, { directOnly: true }, (slot, rid) => {
    const bits = bySlot.get(slot as number);
    if (bits === undefined) throw new Error(`Match set ${String(slot)} is not loaded`);
    const byte = bits[(rid as number) >> 3];
    return byte === undefined ? 0 : (byte >> ((rid as number) & 7)) & 1;
  });

  const clear = () => {
    bySlot.clear();
    byKey.clear();
    bytes = 0;
  };

  /**
   * The match's rowids cross into JavaScript as one comma-separated text, parsed here: at a million documents
   * that costs about half of returning them as rows (one value each), 37 against 60 ms for 217,000 matches.
   */
  const read = (layout: IndexLayout, expression: string): { bits: Uint8Array; size: number } => {
    const text = (db.prepare(`SELECT group_concat(rowid) FROM ${layout.fts} WHERE ${layout.fts} MATCH ?`).pluck().get(expression) as string | null) ?? '';
    // FTS5 returns rowids in ascending order, so the last is the largest.
    const bits = new Uint8Array((Number(text.slice(text.lastIndexOf(',') + 1)) >> 3) + 1);
    let size = 0;
    let rid = 0;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : COMMA;
      if (code !== COMMA) {
        rid = rid * 10 + (code - ZERO);
      } else if (i > 0) {
        bits[rid >> 3]! |= 1 << (rid & 7);
        size++;
        rid = 0;
      }
    }
    return { bits, size };
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
      const { bits, size } = read(layout, expression);
      for (const [oldKey, old] of byKey) {
        if (bytes + bits.length <= BYTE_BUDGET) break;
        bytes -= bySlot.get(old.slot)?.length ?? 0;
        bySlot.delete(old.slot);
        byKey.delete(oldKey);
      }
      const set = { slot: nextSlot++, size };
      bySlot.set(set.slot, bits);
      byKey.set(key, set);
      bytes += bits.length;
      return set;
    },
    invalidate: clear,
  };
}
