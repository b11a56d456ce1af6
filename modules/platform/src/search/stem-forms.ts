/**
 * Plurals and word forms for the embedded engine, which indexes words as written: a query word also matches
 * the inflected forms that share its Porter stem ("concerts" finds "concert", "parties" finds "party",
 * "dancing" finds "dance"). Forms are generated from the word and checked against its stem rather than read
 * from the index vocabulary, because reading the vocabulary walks every matching term's document list, which
 * at a million events costs more than the query. Only inflections are generated (-s, -es, -ies, -ed, -ing,
 * -e), so derivations the stemmer also folds ("festive" for "festival") are not matched here; Elasticsearch
 * stems its index and matches those too.
 */
import { porterStem } from './porter-stemmer.ts';

const INFLECTIONS = ['', 's', 'es', 'ed', 'ing'];

/** Shorter than this, a word is taken as typed (the stemmer leaves it alone anyway). */
const MIN_STEMMED_LENGTH = 3;

/** Candidate bases: the word and the word with one inflection taken off (the stem itself is rarely a word). */
function basesOf(word: string, stem: string): Set<string> {
  const bases = new Set([word]);
  for (const suffix of ['s', 'es', 'ed', 'ing', 'd']) {
    if (word.length - suffix.length >= MIN_STEMMED_LENGTH && word.endsWith(suffix))
      bases.add(word.slice(0, -suffix.length));
  }
  if (word.endsWith('ies') || word.endsWith('ied')) bases.add(`${word.slice(0, -3)}y`);
  // runn(ing) -> run
  for (const base of [...bases]) if (/([bdgklmnprtvz])\1$/.test(base)) bases.add(base.slice(0, -1));
  if (stem.endsWith('i')) bases.add(`${stem.slice(0, -1)}y`);
  return bases;
}

function inflect(base: string): string[] {
  const forms = INFLECTIONS.map((suffix) => base + suffix);
  const last = base.at(-1) ?? '';
  // hop -> hopping, hopped: a short vowel between consonants doubles the last one
  if (/[^aeiouy][aeiou][bdgklmnprtvz]$/.test(base)) forms.push(`${base}${last}ing`, `${base}${last}ed`);
  // party -> parties, partied
  if (last === 'y') forms.push(`${base.slice(0, -1)}ies`, `${base.slice(0, -1)}ied`);
  // dance -> dancing; danc(ing) -> dance
  if (last === 'e') forms.push(`${base.slice(0, -1)}ing`, `${base.slice(0, -1)}ed`);
  else forms.push(`${base}e`);
  return forms;
}

/**
 * Other forms of a folded query word with the same stem, excluding the word itself and, when the word is also
 * matched as a prefix, the forms that prefix already covers. Sorted for stable query text.
 */
export function stemForms(word: string, matchedAsPrefix: boolean): string[] {
  if (word.length < MIN_STEMMED_LENGTH || !/^[a-z]+$/.test(word)) return [];
  const stem = porterStem(word);
  const forms = new Set<string>();
  for (const base of basesOf(word, stem)) {
    for (const form of inflect(base)) {
      if (form === word || (matchedAsPrefix && form.startsWith(word))) continue;
      if (form.length >= MIN_STEMMED_LENGTH && porterStem(form) === stem) forms.add(form);
    }
  }
  return [...forms].sort();
}
