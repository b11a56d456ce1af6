/**
 * How much two titles agree, from 0 to 1: a weighted Dice coefficient over their normalised word sets.
 * Generic show words ("night", "tribute", "concert") weigh less than names, so two different acts billed as
 * "Jazz Night: Miles Davis Tribute" and "Jazz Night: Coltrane Tribute" do not look alike just because of the
 * format words they share. Near-identical spellings of a long word ("theatre"/"theater") count as the same word.
 */
import { titleTokens } from './normalise-text.ts';

/** Format words: they say what kind of show it is, not which one. */
const GENERIC_WORDS = new Set([
  'night',
  'nights',
  'concert',
  'concerts',
  'show',
  'shows',
  'live',
  'tribute',
  'tour',
  'world',
  'festival',
  'party',
  'experience',
  'evening',
  'session',
  'sessions',
  'presents',
  'featuring',
  'feat',
  'ft',
  'with',
  'special',
  'guest',
  'guests',
  'edition',
  'music',
  'candlelight',
  'comedy',
  'club',
  'performance',
  'plus',
  'vs',
  'orchestra',
  'band',
]);
export const GENERIC_WEIGHT = 0.3;

/** How much a word counts towards a title's agreement. */
export const wordWeight = (word: string): number => (GENERIC_WORDS.has(word) ? GENERIC_WEIGHT : 1);

/**
 * Whether two words are at most one edit apart, counting a swap of two neighbours as one edit (optimal string
 * alignment), so British and American spellings ("theatre"/"theater") are one edit apart. Decided from the
 * first difference alone: past it, the rest must line up after one substitution, swap, insertion or deletion.
 * The matcher asks this for every pair of long words of every candidate, so it builds no distance table.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a.length < b.length) return withinOneEdit(b, a);
  if (a.length - b.length > 1) return false;
  let at = 0;
  while (at < b.length && a[at] === b[at]) at++;
  if (at === b.length) return true;
  // One letter more: it is this one.
  if (a.length > b.length) return a.slice(at + 1) === b.slice(at);
  // Same length: this letter differs, or it and the next are swapped.
  if (a.slice(at + 1) === b.slice(at + 1)) return true;
  return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

const numbersOf = (words: readonly string[]) => words.filter((word) => /^\d+$/.test(word)).join(' ');

/** Words that may have spelling variants: long (5+ letters) and without digits. */
const mayVary = (word: string) => word.length >= 5 && !/\d/.test(word);

/** Spelling variants of one word: long words (5+ letters) one edit apart. Numbers must match exactly. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  return mayVary(a) && mayVary(b) && withinOneEdit(a, b);
}

/**
 * Lookup keys of a word such that two words `sameWord` accepts always share one: the word itself, and for a word
 * that may vary, the word with each one letter left out (a substitution, an insertion or a swap of neighbours
 * leaves both words with a common one-letter-shorter form). Sharing a key does not make two words the same.
 */
export function wordKeys(word: string): string[] {
  if (!mayVary(word)) return [word];
  const keys = [word];
  for (let at = 0; at < word.length; at++) keys.push(word.slice(0, at) + word.slice(at + 1));
  return keys;
}

export interface Title {
  tokens: readonly string[];
  numbers: string;
  weight: number;
}

/**
 * Titles already tokenised. A write compares its title with every candidate's, and the same titles come back
 * write after write (a bulk load's matcher tokenised each one again per comparison). Bounded like
 * `normalisePlace`'s cache: a full map is emptied and refilled.
 */
const tokenisedTitles = new Map<string, Title>();
const TOKENISED_TITLES_LIMIT = 20_000;

/** A title's distinct meaningful words (sorted) and their summed weight, as `titleSimilarity` sees them. */
export function tokenised(title: string): Title {
  const known = tokenisedTitles.get(title);
  if (known) return known;
  if (tokenisedTitles.size >= TOKENISED_TITLES_LIMIT) tokenisedTitles.clear();
  const tokens = titleTokens(title);
  const entry = { tokens, numbers: numbersOf(tokens), weight: tokens.reduce((sum, word) => sum + wordWeight(word), 0) };
  tokenisedTitles.set(title, entry);
  return entry;
}

export function titleSimilarity(left: string, right: string): number {
  const { tokens: a, numbers: numbersA, weight: weightA } = tokenised(left);
  const { tokens: b, numbers: numbersB, weight: weightB } = tokenised(right);
  if (a.length === 0 || b.length === 0) return 0;
  // Numbers name a part of a series ("Day 1"/"Day 2", "Night 2"): when both titles carry numbers, they must agree.
  if (numbersA !== '' && numbersB !== '' && numbersA !== numbersB) return 0;
  const unmatched = [...b];
  let shared = 0;
  for (const word of a) {
    // Deterministic: the first equal word wins, else the first spelling variant (both lists are sorted).
    let at = unmatched.indexOf(word);
    if (at < 0) at = unmatched.findIndex((other) => sameWord(word, other));
    if (at < 0) continue;
    shared += Math.min(wordWeight(word), wordWeight(unmatched[at] ?? word));
    unmatched.splice(at, 1);
  }
  const total = weightA + weightB;
  return total === 0 ? 0 : (2 * shared) / total;
}
