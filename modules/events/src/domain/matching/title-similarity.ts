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
 * Edit distance counting a swap of two neighbours as one edit (optimal string alignment), so British and
 * American spellings ("theatre"/"theater") are one edit apart. Only ever run on single words.
 */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const cell = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, cell(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return cell(a.length, b.length);
}

const numbersOf = (words: readonly string[]) => words.filter((word) => /^\d+$/.test(word)).join(' ');

/** Words that may have spelling variants: long (5+ letters) and without digits. */
const mayVary = (word: string) => word.length >= 5 && !/\d/.test(word);

/** Spelling variants of one word: long words (5+ letters) one edit apart. Numbers must match exactly. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // Lengths more than one apart are more than one edit apart: no need to build the distance table.
  if (!mayVary(a) || !mayVary(b) || Math.abs(a.length - b.length) > 1) return false;
  return editDistance(a, b) <= 1;
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
