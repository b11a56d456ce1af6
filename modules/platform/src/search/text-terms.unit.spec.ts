import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, queryWords } from './text-terms.ts';

describe('query words', () => {
  it('splits on anything but letters and digits, folds case and diacritics', () => {
    expect(queryWords('Café-Müller, 2030!  São Paulo')).toEqual(['cafe', 'muller', '2030', 'sao', 'paulo']);
    expect(queryWords(' ?! ')).toEqual([]);
  });
});

describe('typo budget', () => {
  it('none below 4 letters, one up to 5, two from 6', () => {
    expect([allowedEdits('art'), allowedEdits('jazz'), allowedEdits('opera'), allowedEdits('techno')]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions', () => {
    expect(editDistance('marathn', 'marathon', 2)).toBe(1);
    expect(editDistance('saxofone', 'saxophone', 2)).toBe(2);
    expect(editDistance('jazz', 'jzaz', 1)).toBe(1);
    expect(editDistance('rock', 'rock', 0)).toBe(0);
  });

  it('stops early beyond the budget', () => {
    expect(editDistance('harbour', 'hamburg', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
