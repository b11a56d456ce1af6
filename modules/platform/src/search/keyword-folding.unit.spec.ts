import { describe, expect, it } from 'vitest';
import { foldKeyword, preferredSpelling } from './keyword-folding.ts';

describe('keyword folding', () => {
  it('folds case and diacritics, so both spellings of a city compare equal', () => {
    expect(foldKeyword('São Paulo')).toBe('sao paulo');
    expect(foldKeyword('SAO PAULO')).toBe('sao paulo');
    expect(foldKeyword('Zürich')).toBe(foldKeyword('Zurich'));
  });

  it('labels a group with the accented spelling even when the plain one is more frequent', () => {
    expect(
      preferredSpelling([
        { raw: 'Sao Paulo', count: 40 },
        { raw: 'São Paulo', count: 3 },
      ]),
    ).toBe('São Paulo');
  });

  it('otherwise takes the most frequent spelling, ties by value', () => {
    expect(
      preferredSpelling([
        { raw: 'PARIS', count: 1 },
        { raw: 'Paris', count: 5 },
      ]),
    ).toBe('Paris');
    expect(
      preferredSpelling([
        { raw: 'b', count: 2 },
        { raw: 'B', count: 2 },
      ]),
    ).toBe('B');
    expect(preferredSpelling([])).toBeUndefined();
  });
});
