import { describe, expect, it } from 'vitest';
import { LABELLED_PAIRS } from '../../testing/labelled-match-pairs.ts';
import { TITLE_MATCH_THRESHOLD } from './match-events.ts';
import { TitleIndex } from './title-index.ts';
import { titleSimilarity, wordKeys } from './title-similarity.ts';

const entry = (id: number, name: string) => ({ id: String(id), name });

/** Titles that agree a lot, a little or not at all: spellings, word order, generic words, numbers, noise. */
const TITLES = [
  ...LABELLED_PAIRS.flatMap((pair) => [pair.a.name, pair.b.name]),
  'Phantom of the Opera',
  'The Phantom of the Opera - Tickets',
  'Phantom Opera',
  'Theatre Royal Gala',
  'Theater Royal Gala',
  'Royal Theatre Gala Night',
  'Gala',
  'Live',
  'Night Live Show',
  'Jazz Night: Miles Davis Tribute',
  'Jazz Night: Coltrane Tribute',
  'Miles Davis',
  'Davis Miles Tribute Night',
  'Hamlet (Matinee)',
  'Hamlet',
  'Hmalet',
  'Festival Day 1',
  'Festival Day 2',
  'Festival Day',
  'Candlelight: Vivaldi Four Seasons',
  'Candlelight: Four Seasons by Vivaldi',
  'Candlelight: Queen',
  '(18+)',
  'Tickets',
  'Orquesta Sinfónica de Madrid',
  'Orquesta Sinfonica Madrid',
  'Rosalía: MOTOMAMI Tour',
  'Motomami World Tour Rosalia',
];

describe('title index', () => {
  it('given every pair of a varied set of titles, then a lookup returns every title agreeing at least the threshold', () => {
    const index = new TitleIndex<{ id: string; name: string }>();
    TITLES.forEach((name, i) => index.set(entry(i, name)));
    const missed: string[] = [];
    let agreeing = 0;
    TITLES.forEach((title) => {
      const found = new Set(index.mayMatch(title).map((found) => found.name));
      for (const other of TITLES) {
        if (titleSimilarity(title, other) < TITLE_MATCH_THRESHOLD) continue;
        agreeing++;
        if (!found.has(other)) missed.push(`${title} -> ${other}`);
      }
    });
    expect(missed).toEqual([]);
    // The set holds agreeing pairs besides each title with itself.
    expect(agreeing).toBeGreaterThan(TITLES.length + 10);
  });

  it('given a spelling variant (a letter changed, added, dropped or two swapped), then the words share a key', () => {
    for (const [a, b] of [
      ['theatre', 'theater'],
      ['concert', 'concerts'],
      ['hamlet', 'hmalet'],
      ['madrid', 'madird'],
      ['vivaldi', 'vivaldo'],
    ] as const) {
      expect(
        wordKeys(a).some((key) => wordKeys(b).includes(key)),
        `${a} / ${b}`,
      ).toBe(true);
    }
    expect(wordKeys('day2')).toEqual(['day2']);
    expect(wordKeys('jazz')).toEqual(['jazz']);
  });

  it('given a thousand titles sharing their common words, then a lookup returns the few that share a rare one', () => {
    const index = new TitleIndex<{ id: string; name: string }>();
    for (let i = 0; i < 1000; i++) index.set(entry(i, `The Lumineers Live ${i}`));
    for (let i = 0; i < 1000; i++) index.set(entry(1000 + i, `Candlelight Quartet ${i.toString(36)}x${i}`));
    expect(index.size).toBe(2000);
    expect(index.mayMatch('The Lumineers Live 42').map((found) => found.name)).toEqual(['The Lumineers Live 42']);
    expect(index.mayMatch('Candlelight Quartet 2ax82').length).toBeLessThanOrEqual(2);
    // Without a rare word nothing is left out: every title could agree.
    expect(index.mayMatch('The Lumineers Live').length).toBe(1000);
  });

  it('given a match exactly at the threshold whose one unmatched word is the rarest, then it is still returned', () => {
    const index = new TitleIndex<{ id: string; name: string }>();
    index.set(entry(0, 'Alpha Bravo'));
    for (let i = 1; i <= 50; i++) index.set(entry(i, `Alpha Bravo Delta${'x'.repeat(i)}`));
    // Three words against two of them: 2·2 / (3 + 2) is the threshold itself, and "charlie" is filed nowhere.
    expect(titleSimilarity('Alpha Bravo Charlie', 'Alpha Bravo')).toBe(TITLE_MATCH_THRESHOLD);
    expect(index.mayMatch('Alpha Bravo Charlie').map((found) => found.name)).toContain('Alpha Bravo');
  });

  it('given an entry replaced or deleted, then lookups follow its current title', () => {
    const index = new TitleIndex<{ id: string; name: string }>();
    index.set(entry(1, 'Hamlet'));
    index.set(entry(1, 'Macbeth'));
    expect(index.mayMatch('Hamlet')).toEqual([]);
    expect(index.mayMatch('Macbeth')).toEqual([entry(1, 'Macbeth')]);
    index.delete('1');
    expect(index.mayMatch('Macbeth')).toEqual([]);
    expect(index.size).toBe(0);
    expect(index.mayMatch('')).toEqual([]);
  });
});
