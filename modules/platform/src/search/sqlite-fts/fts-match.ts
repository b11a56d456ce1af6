/**
 * Free text to an FTS5 MATCH expression. Every word must match; words of 3+ letters also match as a prefix
 * (`"berl"*`); shorter ones only as whole words (a one-letter prefix would match nearly everything).
 * Typo tolerance without a spellfix extension or a second trigram index (which would double the index and halve
 * the load rate): only when a word of 4+ letters matches nothing at all, it is widened to the indexed words that
 * share its first letter and lie within the edit budget (1 edit, 2 from 6 letters), read from an fts5vocab
 * table. Words that already match are not widened, so exact hits are never drowned by near-misses.
 * Plurals and word forms: each word also matches the inflected forms sharing its Porter stem (`stem-forms.ts`),
 * as whole words, so "concerts" finds "concert" while "festiva" still finds "festival" by prefix.
 */
import type Database from 'better-sqlite3';
import { allowedEdits, editDistance, queryWords } from '../text-terms.ts';
import { stemForms } from '../stem-forms.ts';
import type { IndexLayout } from './index-layout.ts';

/** Like Elasticsearch's `max_expansions`: the most near-miss words one typo may expand to. */
const MAX_EXPANSIONS = 50;

const phrase = (word: string): string => `"${word.replaceAll('"', '""')}"`;

/** Shortest word that also matches as a prefix. */
export const MIN_PREFIX_LENGTH = 3;

export interface FtsMatch {
  expression: string;
  /** The query's words, folded as the index folds them. */
  words: string[];
  /** Per word: the word and the other forms it matches (same stem), for ranking by the name. */
  forms: string[][];
  /** Roughly how many documents match (the rarest word's document count); used to pick a query plan. */
  estimate: number;
}

/** Document counts per word change slowly; a minute-old estimate is good enough to choose a plan. */
const ESTIMATE_TTL_MS = 60_000;
const estimates = new WeakMap<Database.Database, Map<string, { count: number; at: number }>>();

export function ftsMatch(db: Database.Database, layout: IndexLayout, text: string): FtsMatch | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  let estimate = Number.POSITIVE_INFINITY;
  const forms: string[][] = [];
  const groups = words.map((word) => {
    const asPrefix = [...word].length >= MIN_PREFIX_LENGTH;
    const own = asPrefix ? `${phrase(word)}*` : phrase(word);
    // Only forms the index holds: a query naming absent terms still costs a lookup per segment.
    const stemmed = stemForms(word, asPrefix).filter((form) => documentsWith(db, layout, form, false) > 0);
    forms.push([word, ...stemmed]);
    // The vocabulary count also tells whether the word matches at all, without running a prefix query.
    const documents = documentsWith(db, layout, word, asPrefix) + stemmed.reduce((sum, form) => sum + documentsWith(db, layout, form, false), 0);
    estimate = Math.min(estimate, documents);
    const edits = allowedEdits(word);
    const alternatives = edits === 0 || documents > 0 ? stemmed : nearMisses(db, layout, word, edits);
    return alternatives.length === 0 ? own : `(${[own, ...alternatives.map(phrase)].join(' OR ')})`;
  });
  return { expression: groups.join(' AND '), words, forms, estimate };
}

function documentsWith(db: Database.Database, layout: IndexLayout, word: string, asPrefix: boolean): number {
  let cache = estimates.get(db);
  if (!cache) {
    cache = new Map();
    estimates.set(db, cache);
  }
  const key = `${layout.fts}\u0000${word}\u0000${asPrefix}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < ESTIMATE_TTL_MS) return cached.count;
  const count = asPrefix
    ? (db.prepare(`SELECT total(doc) FROM ${layout.ftsVocab} WHERE term >= ? AND term < ?`).pluck().get(word, `${word}\u{10FFFF}`) as number)
    : (db.prepare(`SELECT total(doc) FROM ${layout.ftsVocab} WHERE term = ?`).pluck().get(word) as number);
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { count, at: Date.now() });
  return count;
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
