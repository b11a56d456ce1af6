/**
 * Keywords (city, country, category) compare, sort and group with case and diacritics folded, so "Sao Paulo"
 * and "São Paulo" are one city on both engines (Elasticsearch: a normalizer with `lowercase` and
 * `asciifolding`). A group is labelled with one of its spellings: the most frequent, except that a spelling
 * with diacritics wins over its plain form, because the plain form is nearly always a source that dropped them.
 */

/** Lower-cased with combining marks removed (NFKD): the form keywords are compared in. */
export function foldKeyword(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Whether a spelling carries marks its folded form loses. */
const hasDiacritics = (spelling: string): boolean =>
  spelling.normalize('NFKD') !== spelling.normalize('NFKD').replace(/\p{M}+/gu, '');

export interface Spelling {
  raw: string;
  count: number;
}

/** The label of a folded group: diacritics first, then the most frequent, then the smallest value. */
export function preferredSpelling(spellings: Spelling[]): string | undefined {
  let best: Spelling | undefined;
  for (const candidate of spellings) {
    if (!best) {
      best = candidate;
      continue;
    }
    const accent = Number(hasDiacritics(candidate.raw)) - Number(hasDiacritics(best.raw));
    if (
      accent > 0 ||
      (accent === 0 && (candidate.count > best.count || (candidate.count === best.count && candidate.raw < best.raw)))
    ) {
      best = candidate;
    }
  }
  return best?.raw;
}
