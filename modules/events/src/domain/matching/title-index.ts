/**
 * Records indexed by the words of their titles, so a record is compared only with the ones whose title could
 * agree with its own at least TITLE_MATCH_THRESHOLD. At one busy venue and start (a festival day, a feed listing a
 * thousand sessions at one second) comparing every new record with every record already there made a batch's
 * matching quadratic; most of those titles share no distinctive word with each other.
 *
 * Why the lookup never leaves out a record that could match: `titleSimilarity` is 2·S / (wA + wB), S being the
 * weight the two titles share, at most the weight of A's matched words and at most wB. A score of at least t
 * therefore needs S ≥ t / (2 - t) · wA, so A's words that found no partner weigh at most (2 - 2t) / (2 - t) · wA
 * (a third at 0.8). Any set of A's words heavier than that holds a word that found a partner, an equal word or a
 * spelling variant, and those share a `wordKeys` key. The lookup picks such a set from A's rarest words and
 * returns every record filed under their keys: a superset of the matches, which the caller still compares.
 * Pure and deterministic.
 */
import { TITLE_MATCH_THRESHOLD } from './match-events.ts';
import { tokenised, wordKeys, wordWeight } from './title-similarity.ts';

/**
 * Share of a title's weight its unmatched words can have in a match, plus a margin far above floating-point
 * rounding: a larger share only makes the looked-up set larger, never smaller.
 */
const UNMATCHED_SHARE = (2 - 2 * TITLE_MATCH_THRESHOLD) / (2 - TITLE_MATCH_THRESHOLD) + 1e-6;

export class TitleIndex<T extends { id: string; name: string }> {
  private readonly entries = new Map<string, T>();
  private readonly byKey = new Map<string, Set<string>>();

  get size(): number {
    return this.entries.size;
  }

  /** Adds the entry, or replaces the one with its id. */
  set(entry: T): void {
    this.delete(entry.id);
    this.entries.set(entry.id, entry);
    for (const key of keysOf(entry.name)) {
      const ids = this.byKey.get(key) ?? new Set<string>();
      ids.add(entry.id);
      this.byKey.set(key, ids);
    }
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    for (const key of keysOf(entry.name)) {
      const ids = this.byKey.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.byKey.delete(key);
    }
  }

  /** Every entry whose title could agree with `title` at least TITLE_MATCH_THRESHOLD (and maybe others), any order. */
  mayMatch(title: string): T[] {
    const { tokens, weight } = tokenised(title);
    // An empty title agrees with nothing.
    if (tokens.length === 0) return [];
    const words = tokens.map((word) => {
      const keys = wordKeys(word);
      return { word, keys, filed: keys.reduce((sum, key) => sum + (this.byKey.get(key)?.size ?? 0), 0) };
    });
    words.sort((a, b) => a.filed - b.filed || (a.word < b.word ? -1 : 1));
    const found = new Set<string>();
    let picked = 0;
    for (const { word, keys } of words) {
      for (const key of keys) for (const id of this.byKey.get(key) ?? []) found.add(id);
      picked += wordWeight(word);
      if (picked > weight * UNMATCHED_SHARE) break;
    }
    return [...found].map((id) => this.entries.get(id) as T);
  }
}

function keysOf(title: string): Set<string> {
  return new Set(tokenised(title).tokens.flatMap(wordKeys));
}
