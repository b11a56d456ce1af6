/**
 * Free text to an FTS5 MATCH expression. Every word must match; each word matches as a prefix (`"berl"*`).
 * Typo tolerance without a spellfix extension or a second trigram index (which would double the index and halve
 * the load rate): only when a word of 4+ letters matches nothing at all, it is widened to the indexed words that
 * share its first letter and lie within the edit budget (1 edit, 2 from 6 letters), read from an fts5vocab
 * table. Words that already match are not widened, so exact hits are never drowned by near-misses.
 */
import type Database from 'better-sqlite3';
import { allowedEdits, editDistance, queryWords } from '../text-terms.ts';
import type { IndexLayout } from './index-layout.ts';

/** Like Elasticsearch's `max_expansions`: the most near-miss words one typo may expand to. */
const MAX_EXPANSIONS = 50;

const phrase = (word: string): string => `"${word.replaceAll('"', '""')}"`;

export function ftsMatchExpression(db: Database.Database, layout: IndexLayout, text: string): string | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const probe = db.prepare(`SELECT 1 FROM ${layout.fts} WHERE ${layout.fts} MATCH ? LIMIT 1`).pluck();
  const groups = words.map((word) => {
    const prefix = `${phrase(word)}*`;
    const edits = allowedEdits(word);
    if (edits === 0 || probe.get(prefix) !== undefined) return prefix;
    const alternatives = nearMisses(db, layout, word, edits).map(phrase);
    return alternatives.length === 0 ? prefix : `(${[prefix, ...alternatives].join(' OR ')})`;
  });
  return groups.join(' AND ');
}

function nearMisses(db: Database.Database, layout: IndexLayout, word: string, edits: number): string[] {
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const after = String.fromCodePoint(first.codePointAt(0)! + 1);
  const terms = db
    .prepare(`SELECT term FROM ${layout.ftsVocab} WHERE term >= ? AND term < ?`)
    .pluck()
    .all(first, after) as string[];
  const length = [...word].length;
  return terms
    .filter((term) => Math.abs([...term].length - length) <= edits && editDistance(word, term, edits) <= edits)
    .slice(0, MAX_EXPANSIONS);
}
