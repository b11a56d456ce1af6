/**
 * Rows' fragments and stored views kept in memory (kept-texts.ts): asked again, a row is answered without
 * reading it; after a write, only the rows it changed are read again, every answer equals what a new
 * connection reads, and when the log cannot say what changed everything is read again.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { IndexDocument, SearchQuery } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { KEPT_COMMITS } from './changed-rows.ts';
import { keptTextsOf } from './kept-texts.ts';
import { createSearchReader } from './search-reader.ts';

const doc = (n: number, name = `Event ${n}`): IndexDocument => ({
  id: `e${n}`,
  name,
  city: n % 2 === 0 ? 'Lisbon' : 'Porto',
  price: n,
  date: new Date(Date.UTC(2031, 0, 1) + n * 3_600_000).toISOString(),
  location: { lat: 38 + n / 100, lon: -9 },
  tags: ['live'],
  pin: { n, name },
});
const docs = Array.from({ length: 60 }, (_, i) => doc(i));
const file = indexedTestFileForSpec('evently-kept-texts-', docs, { readerThreads: 0 });

const byDate: SearchQuery = { sort: [{ by: 'field', field: 'date', direction: 'asc' }], limit: 20 };
const listing = ['name', 'price', 'location', 'tags'];

/** What a connection that has kept nothing answers. */
function freshAnswers(query: SearchQuery) {
  const db = new Database(file.db.name, { readonly: true });
  try {
    const reader = createSearchReader(db);
    return {
      pins: reader.searchFragments('events', query, 'pin'),
      listing: JSON.parse(reader.searchJson('events', { ...query, fields: listing })) as unknown,
    };
  } finally {
    db.close();
  }
}

/** A reader on its own connection, with the texts that connection keeps; close `db` at the end. */
function openReader() {
  const db = new Database(file.db.name, { readonly: true });
  return { db, reader: createSearchReader(db), kept: keptTextsOf(db) };
}

describe('kept texts', () => {
  it('answers rows asked again from memory, and reads again only the rows a write changed', async () => {
    const { db, reader, kept } = openReader();
    const answers = () => ({
      pins: reader.searchFragments('events', byDate, 'pin'),
      listing: JSON.parse(reader.searchJson('events', { ...byDate, fields: listing })) as unknown,
    });

    expect(answers()).toEqual(freshAnswers(byDate));
    expect(kept.tally()).toEqual({ kept: 0, read: 40 });
    expect(answers()).toEqual(freshAnswers(byDate));
    expect(kept.tally()).toEqual({ kept: 40, read: 40 });

    // e2 renamed, e3 removed, e100 added beyond the page, e101 added in it: the pin and the listing of e2
    // and of e101 are read; the page's 18 other rows stay kept.
    await file.search.upsert('events', [doc(2, 'Renamed'), doc(100), { ...doc(101), date: docs[5]!.date }]);
    await file.search.delete('events', ['e3']);
    const after = answers();
    expect(after).toEqual(freshAnswers(byDate));
    expect(after.pins.hits.find((hit) => hit.id === 'e2')?.fragment).toContain('Renamed');
    expect(after.pins.hits.map((hit) => hit.id)).not.toContain('e3');
    expect(kept.tally()).toEqual({ kept: 40 + 2 * 18, read: 40 + 2 * 2 });
    db.close();
  });

  it('reads every row again when the log no longer reaches back to what was kept', async () => {
    const { db, reader, kept } = openReader();
    reader.searchFragments('events', byDate, 'pin');
    const before = kept.tally();
    for (let i = 0; i <= KEPT_COMMITS; i++) await file.search.upsert('events', [doc(200 + i)]);
    expect(reader.searchFragments('events', byDate, 'pin')).toEqual(freshAnswers(byDate).pins);
    expect(kept.tally()).toEqual({ kept: before.kept, read: before.read + 20 });
    db.close();
  });

  it('keeps every row across a write to other rows, and forgets all on invalidate', async () => {
    const { db, reader, kept } = openReader();
    reader.searchFragments('events', byDate, 'pin');
    const before = kept.tally();
    await file.search.upsert('events', [doc(300)]);
    expect(reader.searchFragments('events', byDate, 'pin')).toEqual(freshAnswers(byDate).pins);
    expect(kept.tally()).toEqual({ kept: before.kept + 20, read: before.read });
    reader.invalidate();
    reader.searchFragments('events', byDate, 'pin');
    expect(kept.tally()).toEqual({ kept: before.kept + 20, read: before.read + 20 });
    db.close();
  });
});
