import { describe, expect, it } from 'vitest';
import { LABELLED_PAIRS } from '../../testing/labelled-match-pairs.ts';
import { compareForMatch, isSamePerformance, TITLE_MATCH_THRESHOLD, type MatchCandidate } from './match-events.ts';
import { normalisePlace, titleTokens } from './normalise-text.ts';
import { titleSimilarity } from './title-similarity.ts';

/** Precision and recall of the whole matcher on the labelled pairs with a given title threshold. */
function scoreAt(threshold: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const pair of LABELLED_PAIRS) {
    const verdict = compareForMatch(pair.a, pair.b);
    const predicted = verdict.sameVenue && verdict.startsApartMinutes <= 30 && verdict.titleScore >= threshold;
    if (predicted && pair.same) tp++;
    else if (predicted) fp++;
    else if (pair.same) fn++;
  }
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
}

const base: MatchCandidate = {
  name: 'Coldplay',
  start_utc: '2027-06-12T19:00:00Z',
  venue_name: 'WiZink Center',
  city: 'Madrid',
  latitude: 40.4238,
  longitude: -3.6717,
};

describe('offer matcher', () => {
  it('given seller decorations, accents and word order, then titles normalise to the same words', () => {
    expect(titleTokens('Rosalía: MOTOMAMI Tour - Tickets (18+)')).toEqual(['motomami', 'rosalia', 'tour']);
    expect(titleTokens('Tour Motomami, Rosalia | Official Tickets')).toEqual(['motomami', 'rosalia', 'tour']);
    expect(titleTokens('Hamlet (Matinee)')).toEqual(['hamlet', 'matinee']);
  });

  it('given the labelled pairs, then every pair is decided as labelled at the chosen threshold', () => {
    const wrong = LABELLED_PAIRS.filter((pair) => isSamePerformance(pair.a, pair.b) !== pair.same).map(
      (pair) => pair.label,
    );
    expect(wrong).toEqual([]);
  });

  it('given the labelled pairs, then precision and recall are printed over thresholds and are 1 at the chosen one', () => {
    const rows = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9].map((threshold) => ({
      threshold,
      ...scoreAt(threshold),
    }));
    const scores = LABELLED_PAIRS.map((pair) => ({
      label: pair.label,
      same: pair.same,
      title: Number(titleSimilarity(pair.a.name, pair.b.name).toFixed(3)),
    }));
    // Printed on purpose: the issue asks to see precision and recall in the test output.
    console.log(`offer matcher on ${LABELLED_PAIRS.length} labelled pairs (threshold ${TITLE_MATCH_THRESHOLD})`);
    console.table(
      rows.map((row) => ({
        threshold: row.threshold,
        chosen: row.threshold === TITLE_MATCH_THRESHOLD ? '<-' : '',
        precision: row.precision.toFixed(3),
        recall: row.recall.toFixed(3),
      })),
    );
    console.table(scores);
    expect(scoreAt(TITLE_MATCH_THRESHOLD)).toEqual({ precision: 1, recall: 1 });
  });

  it('given venue names spelled the British and the American way, then they normalise alike', () => {
    expect(normalisePlace('Richard Rodgers Theater')).toBe(normalisePlace('Richard Rodgers Theatre'));
    expect(normalisePlace("St. Bartholomew's Church")).toBe(normalisePlace("Saint Bartholomew's church"));
  });

  it('given two starts 30 minutes apart, then they may match; 31 minutes, then not', () => {
    expect(isSamePerformance(base, { ...base, start_utc: '2027-06-12T19:30:00Z' })).toBe(true);
    expect(isSamePerformance(base, { ...base, start_utc: '2027-06-12T19:31:00Z' })).toBe(false);
  });

  it('given coordinates 140 m apart, then it is one venue; 200 m apart with another name, then not', () => {
    expect(isSamePerformance(base, { ...base, latitude: 40.4238 + 0.00126, venue_name: 'Palacio de Deportes' })).toBe(
      true,
    );
    expect(isSamePerformance(base, { ...base, latitude: 40.4238 + 0.0018, venue_name: 'Palacio de Deportes' })).toBe(
      false,
    );
  });

  it('given the same pair in either order, then the verdict and score are the same', () => {
    for (const pair of LABELLED_PAIRS) expect(compareForMatch(pair.b, pair.a)).toEqual(compareForMatch(pair.a, pair.b));
  });

  it('given long words one letter longer or shorter, then they are spelling variants; two letters, then not', () => {
    // A missing letter, an extra one: one edit, lengths one apart.
    expect(titleSimilarity('Beatles Revival', 'Beattles Revival')).toBe(1);
    expect(titleSimilarity('Colour Festival', 'Color Festival')).toBe(1);
    // Two letters more: two edits, whatever the rest.
    expect(titleSimilarity('Beatles Revival', 'Beatlesxx Revival')).toBeLessThan(1);
  });

  it('given a title compared again with other titles, then every score is the one it had the first time', () => {
    const titles = LABELLED_PAIRS.flatMap((pair) => [pair.a.name, pair.b.name]);
    const first = titles.map((left) => titles.map((right) => titleSimilarity(left, right)));
    const again = titles.map((left) => titles.map((right) => titleSimilarity(left, right)));
    expect(again).toEqual(first);
    for (const pair of LABELLED_PAIRS)
      expect(titleSimilarity(pair.a.name, pair.b.name)).toBe(titleSimilarity(pair.b.name, pair.a.name));
  });
});
