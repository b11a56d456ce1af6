/**
 * A document written again with its text and point unchanged (a view count, a price) leaves its full-text row,
 * its words' scopes and its R*Tree entry alone, and is still found by its words and its place; a changed text or
 * point is written as before.
 */
import { describe, expect, it } from 'vitest';
import type { IndexDocument } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { ftsMatch } from './fts-match.ts';
import { matchSetsOf } from './match-sets.ts';
import { createSearchReader } from './search-reader.ts';

const doc = (n: number, extra: Partial<IndexDocument> = {}): IndexDocument => ({
  id: `r${n}`,
  name: n % 2 === 0 ? `Harbour Jazz ${n}` : `Evening ${n}`,
  city: 'Lisbon',
  date: new Date(Date.UTC(2031, 0, 1) + n * 3_600_000).toISOString(),
  location: { lat: 38.7, lon: -9.1 },
  popularity: 1,
  ...extra,
});
const file = indexedTestFileForSpec(
  'evently-rewrites-',
  Array.from({ length: 20 }, (_, i) => doc(i)),
  { readerThreads: 0 },
);

const box = { field: 'location', south: 38.6, north: 38.8, west: -9.2, east: -9.0 };

describe('documents written again', () => {
  it('with the same text and point: found as before, and kept word sets are not patched', async () => {
    const reader = createSearchReader(file.db);
    const sets = matchSetsOf(file.db);
    const expression = ftsMatch(file.db, file.layout, 'harbour')!.expression;
    sets.load(file.layout, expression);
    const before = sets.tally();
    await file.search.upsert('events', [doc(2, { popularity: 50 }), doc(4, { popularity: 40, price: 12 })]);
    expect(sets.load(file.layout, expression)).toBeDefined();
    // No word of theirs was touched: the set is still the one read, neither patched nor read again.
    expect(sets.tally()).toEqual(before);
    const byWord = reader.search('events', {
      text: 'harbour',
      sort: [{ by: 'field', field: 'popularity', direction: 'desc' }],
      limit: 2,
    });
    expect(byWord.hits.map((hit) => hit.id)).toEqual(['r2', 'r4']);
    expect(reader.search('events', { bounds: box, limit: 50 }).total).toBe(20);
  });

  it('with a new text or point: found by the new words and place only', async () => {
    const reader = createSearchReader(file.db);
    await file.search.upsert('events', [
      doc(6, { name: 'Fado Night 6' }),
      doc(8, { location: { lat: 41.15, lon: -8.61 } }),
    ]);
    const ids = (text: string) =>
      reader
        .search('events', { text, limit: 50 })
        .hits.map((hit) => hit.id)
        .sort();
    expect(ids('fado')).toEqual(['r6']);
    expect(ids('harbour')).not.toContain('r6');
    expect(reader.search('events', { bounds: box, limit: 50 }).hits.map((hit) => hit.id)).not.toContain('r8');
    expect(
      reader.search('events', { bounds: { ...box, south: 41, north: 41.3, west: -8.7, east: -8.5 } }).hits,
    ).toEqual([expect.objectContaining({ id: 'r8' })]);
  });
});
