/**
 * Free text to an FTS5 MATCH expression. Every word must match; words of 3+ letters also match as a prefix
 * (`"berl"*`); shorter ones only as whole words (a one-letter prefix would match nearly everything).
 * Typo tolerance without a spellfix extension or a second trigram index (which would double the index and halve
 * the load rate): only when a word of 4+ letters matches nothing at all, it is widened to the indexed words that
 * share its first letter and lie within the edit budget (1 edit, 2 from 6 letters), read from an fts5vocab
 * table. Words that already match are not widened, so exact hits are never drowned by near-misses.
 * Plurals and word forms: each word also matches the inflected forms sharing its Porter stem (`stem-forms.ts`),
 * as whole words, so "concerts" finds "concert" while "festiva" still finds "festival" by prefix.
 *
 * Whether a word or form is in the index is asked of the index itself (`MATCH ... LIMIT 1`), which reads the
 * first entry of the term's document list. The vocabulary table counted them instead: fts5vocab walks every
 * entry of each term it returns, so at a million events a common word's first ask paid a whole extra pass
 * over its documents before the match itself walked them again.
 */
import type Database from 'better-sqlite3';
import { allowedEdits, editDistance, queryWords, stemForms } from '@evently/platform/adapter-kit';
import type { IndexLayout } from './index-layout.ts';
import { ANY_WRITE, writeScopesOf, type ReadAt } from './write-scopes.ts';
import { changedRowsOf } from './changed-rows.ts';
import { onePerConnection } from './one-per-connection.ts';

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
}

/** Which terms the index holds changes slowly; a minute-old answer is good enough to write the expression. */
const PRESENCE_TTL_MS = 60_000;
const presences = new WeakMap<Database.Database, Map<string, { found: boolean; at: number }>>();
/**
 * Near misses of absent words, brought up to date after each commit to the index (`patchedNearMisses`; a deleted
 * term must stop counting at once): reading the vocabulary of a first letter costs milliseconds at a million
 * events, and a visitor typing (or a client polling for a word not yet written) asks the same word again within
 * a projector's interval.
 */
const nearMissListsOf = onePerConnection(() => new Map<string, { terms: string[]; at: ReadAt }>());

export function ftsMatch(db: Database.Database, layout: IndexLayout, text: string): FtsMatch | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const forms: string[][] = [];
  const groups = words.map((word) => {
    const asPrefix = [...word].length >= MIN_PREFIX_LENGTH;
    const own = asPrefix ? `${phrase(word)}*` : phrase(word);
    // Only forms the index holds: a query naming absent terms still costs a lookup per segment.
    const stemmed = stemForms(word, asPrefix).filter((form) => holds(db, layout, form, false));
    forms.push([word, ...stemmed]);
    const edits = allowedEdits(word);
    // The whole word first: it is the usual query, and its first entry is one lookup, where a prefix query
    // merges the document lists of every term it matches before returning any.
    const matches =
      edits === 0 ||
      stemmed.length > 0 ||
      holds(db, layout, word, false) ||
      (asPrefix && holds(db, layout, word, true));
    const alternatives = matches ? stemmed : nearMisses(db, layout, word, edits);
    return alternatives.length === 0 ? own : `(${[own, ...alternatives.map(phrase)].join(' OR ')})`;
  });
  return { expression: groups.join(' AND '), words, forms };
}

/** Whether some document holds the word (as a prefix of one of its words when `asPrefix`). */
function holds(db: Database.Database, layout: IndexLayout, word: string, asPrefix: boolean): boolean {
  let cache = presences.get(db);
  if (!cache) {
    cache = new Map();
    presences.set(db, cache);
  }
  const key = `${layout.fts}\u0000${word}\u0000${asPrefix}`;
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < PRESENCE_TTL_MS) return cached.found;
  const found = matchesNow(db, layout, asPrefix ? `${phrase(word)}*` : phrase(word));
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { found, at: Date.now() });
  return found;
}

function nearMisses(db: Database.Database, layout: IndexLayout, word: string, edits: number): string[] {
  const cache = nearMissListsOf(db);
  const key = `${layout.fts}\u0000${word}\u0000${edits}`;
  const scopes = writeScopesOf(db);
  const cached = cache.get(key);
  if (cached && scopes.unchanged(layout, cached.at, ANY_WRITE)) return cached.terms;
  const at = scopes.now(layout);
  const terms =
    (cached && patchedNearMisses(db, layout, word, edits, cached)) ?? readNearMisses(db, layout, word, edits);
  if (cache.size > 10_000) cache.clear();
  cache.set(key, { terms, at });
  return terms;
}

/** Whether `term` is a near miss of `word`: the same first letter, within the edit budget. */
function isNearMiss(word: string, term: string, edits: number): boolean {
  return (
    term.codePointAt(0) === word.codePointAt(0) &&
    Math.abs([...term].length - [...word].length) <= edits &&
    editDistance(word, term, edits) <= edits
  );
}

/**
 * A kept list brought up to date from the rows the commits since changed (changed-rows.ts), instead of the
 * vocabulary of a first letter read again (milliseconds at a million events, after every commit, for each word
 * asked): the kept terms some document still holds, and the changed rows' words that are near misses. Null when
 * the log cannot say what changed, or the list would pass the most expansions (which terms a whole read keeps
 * then depends on the vocabulary's order).
 */
function patchedNearMisses(
  db: Database.Database,
  layout: IndexLayout,
  word: string,
  edits: number,
  kept: { terms: string[]; at: ReadAt },
): string[] | null {
  const changes = changedRowsOf(db).since(layout, kept.at, true);
  if (changes === null) return null;
  const terms = new Set(kept.terms.filter((term) => matchesNow(db, layout, phrase(term))));
  for (const texts of changes.texts) {
    // A removed row has no texts.
    if (texts) for (const term of wordsOf(texts)) if (isNearMiss(word, term, edits)) terms.add(term);
  }
  if (terms.size > MAX_EXPANSIONS) return null;
  return [...terms].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A changed row's distinct words, split once per state of the row: the log's parsed texts of an entry are one
 * array for as long as the log is mirrored (changed-rows.ts), while every absent word asked after a commit (a
 * visitor's typo, a client polling for a word not yet written) patches its near misses from the same rows.
 */
const rowWords = new WeakMap<readonly unknown[], string[]>();
function wordsOf(texts: readonly unknown[]): string[] {
  let words = rowWords.get(texts);
  if (words === undefined) {
    const distinct = new Set<string>();
    // A row's column without a value has none in its place.
    for (const text of texts) if (typeof text === 'string') for (const term of queryWords(text)) distinct.add(term);
    rowWords.set(texts, (words = [...distinct]));
  }
  return words;
}

/**
 * Whether some document matches `expression` now (`holds` keeps the answer for a word a minute): one lookup of
 * the first entry of each term's document list.
 */
function matchesNow(db: Database.Database, layout: IndexLayout, expression: string): boolean {
  return (
    db.prepare(`SELECT 1 FROM ${layout.fts} WHERE ${layout.fts} MATCH ? LIMIT 1`).pluck().get(expression) !== undefined
  );
}

function readNearMisses(db: Database.Database, layout: IndexLayout, word: string, edits: number): string[] {
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const after = String.fromCodePoint(first.codePointAt(0)! + 1);
  const terms = db
    .prepare(`SELECT term FROM ${layout.ftsVocab} WHERE term >= ? AND term < ?`)
    .pluck()
    .all(first, after) as string[];
  return terms.filter((term) => isNearMiss(word, term, edits)).slice(0, MAX_EXPANSIONS);
}
