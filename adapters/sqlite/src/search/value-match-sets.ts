/**
 * The words' matches within one keyword value ("jazz" in Paris), for pages and totals that read the value's
 * `sortedBy` index and test each entry against the words (keyword-order.ts). The whole index's match set of
 * a common word is read again after any write with the word anywhere (match-sets.ts), and a city's kept rows
 * after any write in the city (keyword-rows.ts); a feed touches both in most batches. The matches within the
 * value change only with a write of a document in that value with one of the words, which write-scopes.ts
 * notes apart (`valueWordScopes`); kept until such a write, they let a page and its kept total outlive the
 * rest of the feed.
 *
 * Kept as the rid list (a few bytes a match) and bound to the page statement as a byte set over rids, named
 * like a match set so kept totals keyed by their parameters stay found while the list is kept. Rows outside
 * the value test as no match, which changes nothing: every statement using it also asks for the value.
 *
 * Whether the words are common (they decide which index drives, search-sql.ts) is read with the list and kept
 * with it: a plan choice, never an answer, may then lag a few writes behind.
 */
import type Database from 'better-sqlite3';
import { column, type IndexLayout } from './index-layout.ts';
import { byteSetOf } from './integer-list.ts';
import { matchSetTest, type MatchSet } from './match-sets.ts';
import { expressionScopes, valueWordScopes, writeScopesOf, type Dependencies, type ReadAt } from './write-scopes.ts';

/** Bytes of rid lists one connection keeps. */
const BYTE_BUDGET = 16 * 1024 * 1024;

/** One value of a keyword field and the index holding its rows. */
export interface KeywordValue {
  /** The keyword's `sortedBy` index. */
  index: string;
  keyword: string;
  /** Folded, as the keyword's column stores it. */
  value: string;
}

export interface ValueMatchSet {
  /** 1 at each match within the value; bind it where `matchSetTest` names it. */
  bytes: Buffer;
  /** Whether the words matched more than the common bound across the whole index when the list was read. */
  common: boolean;
}

interface KeptList {
  list: Buffer;
  name: string;
  common: boolean;
  at: ReadAt;
  dependencies: Dependencies;
}

export interface ValueMatchSets {
  /**
   * The expression's matches within the value, read from `words` (the whole index's set) when none is kept;
   * null when writes do not note the value's words (write-scopes.ts `valueWordFields`).
   */
  load(
    layout: IndexLayout,
    value: KeywordValue,
    expression: string,
    words: () => MatchSet,
    commonTextDocuments: number,
  ): ValueMatchSet | null;
  invalidate(): void;
}

const perConnection = new WeakMap<Database.Database, ValueMatchSets>();

/** One per connection, as the data version it follows is. */
export function valueMatchSetsOf(db: Database.Database): ValueMatchSets {
  let sets = perConnection.get(db);
  if (!sets) {
    sets = createValueMatchSets(db);
    perConnection.set(db, sets);
  }
  return sets;
}

function createValueMatchSets(db: Database.Database): ValueMatchSets {
  /** Lists in least recently used order (Map order, refreshed on use). */
  const byKey = new Map<string, KeptList>();
  let built = 0;
  let bytes = 0;
  const scopes = writeScopesOf(db);

  const read = (
    layout: IndexLayout,
    { index, keyword, value }: KeywordValue,
    expression: string,
    within: string[],
    words: () => MatchSet,
    commonTextDocuments: number,
  ): KeptList => {
    const at = scopes.now(layout);
    const set = words();
    const list = db
      .prepare(
        `SELECT CAST(group_concat(rid) AS BLOB) FROM (SELECT d.rid FROM ${layout.docs} d INDEXED BY ${index} ` +
          `WHERE d.${column.keywordLower(keyword)} = @value AND ${matchSetTest('@set')} ORDER BY d.rid)`,
      )
      .pluck()
      .get({ value, set: set.bytes }) as Buffer | null;
    return {
      list: list ?? Buffer.alloc(0),
      name: `value-match-set ${++built}`,
      common: set.size > commonTextDocuments,
      at,
      // Each alone is enough: no write with the value and the words, none in the value, none with the words.
      dependencies: [within, [`k:${keyword}:${value}`], expressionScopes(expression)],
    };
  };

  const bytesOf = (kept: KeptList): Buffer => {
    const { set } = byteSetOf(kept.list);
    // Kept totals are keyed by their parameters' JSON: the set stands for its list there by the list's name.
    Object.defineProperty(set, 'toJSON', { value: () => kept.name });
    return set;
  };

  return {
    load(layout, value, expression, words, commonTextDocuments) {
      const within = valueWordScopes(layout, value.keyword, value.value, expression);
      if (within === null) return null;
      const key = `${value.index}\u0000${value.value}\u0000${expression}`;
      let kept = byKey.get(key);
      if (kept !== undefined) {
        byKey.delete(key);
        if (scopes.unchanged(layout, kept.at, kept.dependencies)) {
          byKey.set(key, kept);
          return { bytes: bytesOf(kept), common: kept.common };
        }
        bytes -= kept.list.length;
      }
      kept = read(layout, value, expression, within, words, commonTextDocuments);
      for (const [oldKey, old] of byKey) {
        if (bytes + kept.list.length <= BYTE_BUDGET) break;
        bytes -= old.list.length;
        byKey.delete(oldKey);
      }
      byKey.set(key, kept);
      bytes += kept.list.length;
      return { bytes: bytesOf(kept), common: kept.common };
    },
    invalidate() {
      byKey.clear();
      bytes = 0;
    },
  };
}
