import { describe, expect, it } from 'vitest';
import { withinOneEdit } from './title-similarity.ts';

/** Optimal string alignment distance from its full table: the plain definition the quick check must agree with. */
function distanceByTable(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[a.length]![b.length]!;
}

/** A small deterministic generator, so a failure names the same words on every run. */
function words(seed: number, count: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: count }, () => {
    const length = 1 + (next() % 8);
    // Three letters only, so words one or two edits apart come up often.
    return Array.from({ length }, () => 'abc'[next() % 3]).join('');
  });
}

describe('withinOneEdit', () => {
  it('given spelling variants, when compared, then each is one edit from the other', () => {
    expect(withinOneEdit('theatre', 'theater')).toBe(true);
    expect(withinOneEdit('colour', 'color')).toBe(true);
    expect(withinOneEdit('beatles', 'beattles')).toBe(true);
    expect(withinOneEdit('revival', 'revival')).toBe(true);
    expect(withinOneEdit('beatles', 'beatlesxx')).toBe(false);
    expect(withinOneEdit('theatre', 'thaeter')).toBe(false);
  });

  it('given every pair of many short words, when checked, then it agrees with the distance table', () => {
    const list = words(31, 400);
    const disagreements: string[] = [];
    let withinOne = 0;
    for (const a of list)
      for (const b of list) {
        const expected = distanceByTable(a, b) <= 1;
        if (expected) withinOne++;
        if (withinOneEdit(a, b) !== expected) disagreements.push(`${a}/${b}`);
      }
    expect(disagreements).toEqual([]);
    // The pairs cover both answers in number, not just the obvious ones.
    expect(withinOne).toBeGreaterThan(5000);
  });

  it('given a word and each one-edit change of it, when checked, then all are within one edit', () => {
    const word = 'festival';
    for (let at = 0; at < word.length; at++) {
      expect(withinOneEdit(word, word.slice(0, at) + word.slice(at + 1))).toBe(true);
      expect(withinOneEdit(word, word.slice(0, at) + 'x' + word.slice(at + 1))).toBe(true);
      expect(withinOneEdit(word, word.slice(0, at) + 'x' + word.slice(at))).toBe(true);
      if (at + 1 < word.length)
        expect(withinOneEdit(word, word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2))).toBe(true);
    }
  });
});
