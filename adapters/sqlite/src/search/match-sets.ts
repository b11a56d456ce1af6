/**
 * A text match as a byte per docs rowid, for plans where another index drives and each row only asks "does
 * this document match the words?": a common word walked in date order, or a word with a city or a map area.
 * As `rid IN (SELECT rowid FROM fts WHERE fts MATCH ...)`, SQLite rebuilds the whole match set as an ephemeral
 * B-tree on every execution, which dominated a common word's page. Here the set is read from the FTS index
 * once into a buffer holding 1 at each matching rowid, bound to the statement as a blob, and each row tests its
 * byte in plain SQL (`matchSetTest`).
 *
 * A byte, not a bit, for SQL: SQLite has no function that reads a bit of a blob, and a SQL function written here
 * costs a call into JavaScript per row, several times the cost of comparing the byte in SQL. Passes in JavaScript
 * (a city's rows counted, keyword-rows.ts) test the same set kept as bits.
 *
 * A set stays valid until a write touches one of its words (write-scopes.ts: the first letters of each term
 * of the expression), so writes of other words leave it kept. One a write did touch is brought up to date from
 * the rows the commits since changed (changed-rows.ts), when the log still holds them, instead of being read
 * again (in place: `patch`): a common word's set costs tens of milliseconds to read and a feed touches it every
 * commit. Sets are kept within a byte budget, least recently used first out: one is a byte and a bit per docs row
 * (1.1 MB at a million).
 */
import type Database from 'better-sqlite3';
import type { IndexLayout } from './index-layout.ts';
import { byteSetOf } from './integer-list.ts';
import { expressionScopes, writeScopesOf, type Dependencies, type ReadAt } from './write-scopes.ts';
import { onePerConnection } from './one-per-connection.ts';
import { ByteBudgetCache } from './byte-budget-cache.ts';
import { changedRowsOf } from './changed-rows.ts';

/** Bytes of sets one connection keeps: some 43 distinct word sets at a million documents. */
const BYTE_BUDGET = 48 * 1024 * 1024;

/** Rows a set grown by a patch has room for past its last match, at least. */
const GROWTH_ROOM = 64 * 1024;

/** Longer terms a prefix may stand for and still be read as whole terms (`wholeTerms`). */
const MAX_LONGER_TERMS = 8;
/** A prefix phrase of the expression (fts-match.ts writes `"word"*`, a quote inside doubled). */
const PREFIX_PHRASE = /"((?:[^"]|"")*)"\*/g;
/** Words the vocabulary holds as typed: the tokenizer folds anything else (accents, case) before matching. */
const PLAIN_WORD = /^[a-z0-9]+$/;

export interface MatchSet {
  /** 1 at each matching rowid; bind it where `matchSetTest` names it. */
  bytes: Buffer;
  /**
   * The same set as a bit per rowid (`hasBit`), for passes in JavaScript over many rows: an eighth of the bytes'
   * memory, so a pass over a city's rows finds most of its bits in the processor's caches.
   */
  bits: Uint32Array;
  /** How many documents match. */
  size: number;
}

interface KeptSet extends MatchSet {
  at: ReadAt;
  dependencies: Dependencies;
}

export interface MatchSets {
  /** This match's set, read from the FTS index if no valid one holds it. */
  load(layout: IndexLayout, expression: string): MatchSet;
  invalidate(): void;
  /** How many sets were read whole and how many brought up to date from the changed rows, so far. */
  tally(): { read: number; patched: number };
}

/** Whether `rid` is in the set whose bits are `bits` (`MatchSet.bits`). */
export const hasBit = (bits: Uint32Array, rid: number): boolean =>
  rid >>> 5 < bits.length && ((bits[rid >>> 5]! >>> (rid & 31)) & 1) === 1;

/** A bit per byte of `bytes`, set where the byte is 1; room for `length` rows. */
function bitsOf(bytes: Uint8Array, length = bytes.length): Uint32Array {
  const bits = new Uint32Array((length + 31) >>> 5);
  for (let rid = 0; rid < bytes.length; rid++) if (bytes[rid] === 1) bits[rid >>> 5]! |= 1 << (rid & 31);
  return bits;
}

/** The SQL condition "row `d` is in the set bound as `param`". */
export const matchSetTest = (param: string): string => `substr(${param}, d.rid + 1, 1) = x'01'`;

/** One per connection, as the data version it follows is. */
export const matchSetsOf = onePerConnection(createMatchSets);

const sizeOf = (set: MatchSet): number => set.bytes.length + set.bits.byteLength;

const keyOf = (layout: IndexLayout, expression: string): string => `${layout.fts}\u0000${expression}`;

function createMatchSets(db: Database.Database): MatchSets {
  /** Set per (FTS table, expression), least recently used first out. */
  const byKey = new ByteBudgetCache<KeptSet>(BYTE_BUDGET, sizeOf);
  let built = 0;
  const tally = { read: 0, patched: 0 };
  const scopes = writeScopesOf(db);

  const clear = () => byKey.clear();

  /**
   * The expression with each prefix phrase written as the whole terms it matches, when they are few: the
   * word itself and the indexed terms that extend it ("market" OR "marketing" for `"market"*`). The same
   * documents match. FTS5 answers a prefix by merging the lists of its terms into a new one before returning
   * any; walking the terms' own lists skips that merge. The longer terms are listed from the vocabulary,
   * which walks their lists (not the word's own, which starts the range but is left out by its lower bound):
   * usually a few small ones.
   */
  const wholeTerms = (layout: IndexLayout, expression: string): string =>
    expression.replace(PREFIX_PHRASE, (prefix, quoted: string) => {
      const word = quoted.replaceAll('""', '"');
      if (!PLAIN_WORD.test(word)) return prefix;
      const longer = db
        .prepare(`SELECT term FROM ${layout.ftsVocab} WHERE term >= ? AND term < ? LIMIT ${MAX_LONGER_TERMS + 1}`)
        .pluck()
        .all(`${word}\u0001`, `${word}\u{10FFFF}`) as string[];
      if (longer.length > MAX_LONGER_TERMS) return prefix;
      return longer.length === 0
        ? `"${word}"`
        : `(${[word, ...longer].map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ')})`;
    });

  /**
   * The match's rowids, read as one list in a BLOB (integer-list.ts), with a 1 at each in the set. FTS5
   * returns them in ascending order, so the last is the largest and sizes the set. As bytes rather than text:
   * marking a common word's matches from bytes costs a fraction of parsing them from text. The terms
   * and the list are read in one transaction, so a term written in between cannot be missing from the set.
   */
  const readList = db.transaction(
    (layout: IndexLayout, expression: string) =>
      db
        .prepare(`SELECT CAST(group_concat(rowid) AS BLOB) FROM ${layout.fts} WHERE ${layout.fts} MATCH ?`)
        .pluck()
        .get(wholeTerms(layout, expression)) as Buffer | null,
  );
  /**
   * Cached totals are keyed by their parameters' JSON: a set stands for itself there by a name, not its bytes.
   * One name per expression, kept when the set is read again or brought up to date: a total kept with the set
   * is valid while its own dependencies are untouched (count-cache.ts), which for a word and a city includes
   * writes of the word in other cities; a new name per version would throw those totals away on every commit.
   */
  const names = new Map<string, string>();
  const named = (set: Buffer, key: string): Buffer => {
    let name = names.get(key);
    if (name === undefined) {
      if (names.size >= 10_000) names.clear();
      name = `match-set ${++built}`;
      names.set(key, name);
    }
    Object.defineProperty(set, 'toJSON', { value: () => name });
    return set;
  };
  const read = (layout: IndexLayout, expression: string): KeptSet => {
    const at = scopes.now(layout);
    const { set, size } = byteSetOf(readList(layout, expression));
    return {
      bytes: named(set, keyOf(layout, expression)),
      bits: bitsOf(set),
      size,
      at,
      dependencies: [expressionScopes(expression)],
    };
  };

  const changed = changedRowsOf(db);
  /**
   * `known` brought up to date in place: each changed row's byte set to whether it matches now (nothing else holds
   * a set between requests, and totals kept for it are keyed by its name). Copying a megabyte after every commit
   * for every kept word cost the reader threads their time and their garbage collector's. A row past the set's
   * end (a new document) needs a longer one: it is allocated with room for the rows a feed adds next. Null when
   * the log cannot say what changed.
   */
  const patch = db.transaction((layout: IndexLayout, expression: string, known: KeptSet): KeptSet | null => {
    const changes = changed.since(layout, known.at, true);
    if (changes === null) return null;
    const matching = changed.matching(layout, expression, changes);
    let length = known.bytes.length;
    for (const rid of matching) length = Math.max(length, rid + 1);
    let { bytes, bits } = known;
    if (length > bytes.length) {
      bytes = Buffer.alloc(length + Math.max(GROWTH_ROOM, length >>> 4));
      known.bytes.copy(bytes);
      named(bytes, keyOf(layout, expression));
      bits = new Uint32Array((bytes.length + 31) >>> 5);
      bits.set(known.bits);
    }
    let size = known.size;
    for (const rid of changes.rids) {
      if (rid >= bytes.length) continue;
      const was = bytes[rid] === 1;
      const is = matching.has(rid);
      if (was === is) continue;
      bytes[rid] = is ? 1 : 0;
      bits[rid >>> 5] = is ? bits[rid >>> 5]! | (1 << (rid & 31)) : bits[rid >>> 5]! & ~(1 << (rid & 31));
      size += is ? 1 : -1;
    }
    return { bytes, bits, size, at: changes.now, dependencies: known.dependencies };
  });

  return {
    load(layout, expression) {
      const key = keyOf(layout, expression);
      const known = byKey.take(key);
      if (known !== undefined && scopes.unchanged(layout, known.at, known.dependencies)) {
        byKey.keep(key, known);
        return known;
      }
      const patched = known && patch(layout, expression, known);
      if (patched) tally.patched++;
      else tally.read++;
      const set = patched || read(layout, expression);
      byKey.keep(key, set);
      return set;
    },
    invalidate: clear,
    tally: () => ({ ...tally }),
  };
}
