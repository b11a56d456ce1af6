/**
 * How a free-text query becomes words, the same way for both engines: Unicode letters and digits, diacritics
 * removed, lower-cased (matching FTS5 `unicode61 remove_diacritics 2` and the Elasticsearch analyzer with
 * `asciifolding`). Also the typo budget, which follows Elasticsearch's `fuzziness: AUTO:4,6`.
 */
export function queryWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Edits a word of this length may carry and still match: none below 4 letters, one up to 5, two from 6. */
export function allowedEdits(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 6 ? 1 : 2;
}

/** Optimal-string-alignment distance (transpositions count as one edit, like Lucene), capped at `max + 1`. */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, previousPrevious[j - 2]! + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previousPrevious = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, max + 1);
}
