/**
 * First pages kept and brought up to date from the changed rows (first-pages.ts): after every kind of write a
 * feed makes, each kind of first page a visitor asks (words with a city by relevance, words by date, a category
 * under a price by price, a map box, the whole catalogue by date and by popularity) is exactly what a
 * connection that kept nothing finds, cursor and total included; most are patched, not found again, and a
 * write to unrelated rows leaves a page as it was.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { IndexDocument, SearchQuery } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { createSearchReader, type SearchReader } from './search-reader.ts';

const day = Date.UTC(2031, 4, 1);
const at = (hours: number) => new Date(day + hours * 3_600_000).toISOString();
const CITIES = ['Lisbon', 'Porto', 'Faro'];
const docs: IndexDocument[] = Array.from({ length: 400 }, (_, i) => ({
  id: `d${i}`,
  name: `${i % 4 === 0 ? 'Jazz Night' : 'Evening'} ${i}`,
  description: i % 5 === 0 ? 'Fado and jazz tunes' : 'Short.',
  city: CITIES[i % CITIES.length],
  date: i % 31 === 7 ? undefined : at(i * 3),
  location: { lat: 38 + (i % 10) / 10, lon: -9 + (i % 7) / 10 },
  category: i % 3 === 0 ? 'Music' : 'Food',
  price: i % 13 === 0 ? null : (i % 50) + 0.5,
  popularity: i % 17,
}));

const file = indexedTestFileForSpec('evently-first-pages-', docs, { readerThreads: 0 });

const byDate = [{ by: 'field', field: 'date', direction: 'asc' }] as const;
const QUERIES: Array<[string, SearchQuery]> = [
  [
    'words with a city, by relevance then date',
    {
      text: 'jazz',
      filters: [{ field: 'city', op: 'eq', value: 'Lisbon' }],
      sort: [{ by: 'relevance' }, ...byDate],
      limit: 10,
    },
  ],
  ['words by date', { text: 'jazz', sort: [...byDate], limit: 10 }],
  ['words by relevance', { text: 'jazz', sort: [{ by: 'relevance' }, ...byDate], limit: 10 }],
  [
    'a category under a price, by price',
    {
      filters: [
        { field: 'category', op: 'eq', value: 'Music' },
        { field: 'price', op: 'range', gte: 10, lte: 40 },
      ],
      sort: [{ by: 'field', field: 'price', direction: 'asc' }],
      limit: 10,
    },
  ],
  [
    'a map box, by date',
    { bounds: { field: 'location', south: 38.2, north: 38.6, west: -8.9, east: -8.5 }, sort: [...byDate], limit: 10 },
  ],
  ['upcoming, by date', { filters: [{ field: 'date', op: 'range', gte: at(30) }], sort: [...byDate], limit: 10 }],
  ['by popularity', { sort: [{ by: 'field', field: 'popularity', direction: 'desc' }], limit: 10 }],
  ['a page holding every match', { text: 'jazz', filters: [{ field: 'city', op: 'eq', value: 'Faro' }], limit: 100 }],
];

/** What a connection that has kept nothing finds. */
function found(query: SearchQuery) {
  const db = new Database(file.db.name, { readonly: true });
  try {
    return JSON.parse(createSearchReader(db).searchJson('events', query)) as unknown;
  } finally {
    db.close();
  }
}

const answer = (reader: SearchReader, query: SearchQuery) => JSON.parse(reader.searchJson('events', query)) as unknown;

/** Every kind of write a feed makes, as a few commits, each reaching the front of several pages. */
async function writeEveryKind(tag: string): Promise<void> {
  await file.search.upsert('events', [
    { id: `${tag}-jazz`, name: 'Jazz on the Roof', city: 'Lisbon', date: at(31), category: 'Music', price: 12 },
    { id: `${tag}-plain`, name: 'Quiet Evening', city: 'Lisbon', date: at(32), category: 'Music', price: 11 },
    { id: `${tag}-no-date`, name: 'Jazz without a date', city: 'Lisbon', category: 'Music', popularity: 99 },
    { id: `${tag}-box`, name: 'In the box', city: 'Faro', date: at(1), location: { lat: 38.4, lon: -8.7 } },
  ]);
  // d0 loses "jazz" and leaves Lisbon; d12 moves later; d9 gets a new price; d6 is removed.
  await file.search.upsert('events', [
    { id: 'd0', name: `Evening ${tag}`, city: 'Porto', date: at(0), category: 'Food', price: 15 },
    { ...docs[12]!, name: `Jazz Night ${tag}`, date: at(900) },
    { ...docs[9]!, price: 10.25, popularity: 50 },
  ]);
  await file.search.delete('events', ['d6', `${tag}-plain`]);
}

describe('kept first pages', () => {
  it.each(QUERIES)('%s: exact after each kind of write, and patched rather than found again', async (_, query) => {
    const db = new Database(file.db.name, { readonly: true });
    const reader = createSearchReader(db);
    expect(answer(reader, query)).toEqual(found(query));
    expect(reader.firstPages.tally()).toEqual({ kept: 0, patched: 0, stood: 0, found: 1 });
    expect(answer(reader, query)).toEqual(found(query));
    expect(reader.firstPages.tally()).toEqual({ kept: 1, patched: 0, stood: 0, found: 1 });
    for (const round of ['a', 'b', 'c']) {
      await writeEveryKind(`${query.limit}-${JSON.stringify(query).length}-${round}`);
      expect(answer(reader, query)).toEqual(found(query));
    }
    // Some writes remove or move the page's own rows, which finds it again; the others patch it.
    const { patched, found: whole } = reader.firstPages.tally();
    expect(patched).toBeGreaterThan(0);
    expect(patched + whole).toBe(4);
    db.close();
  });

  it('finds a page again when its last row moves further down, past rows it did not hold', async () => {
    const db = new Database(file.db.name, { readonly: true });
    const reader = createSearchReader(db);
    const query: SearchQuery = {
      filters: [{ field: 'category', op: 'eq', value: 'Food' }],
      sort: [...byDate],
      limit: 5,
    };
    const last = reader.search('events', query).hits.at(-1)!;
    await file.search.upsert('events', [{ ...(last.source as IndexDocument), date: at(2000) }]);
    expect(answer(reader, query)).toEqual(found(query));
    expect(reader.firstPages.tally()).toEqual({ kept: 0, patched: 0, stood: 0, found: 2 });
    db.close();
  });

  it.each([
    ['by date', QUERIES[5]![1], (n: number) => ({ date: at(33 + n * 6 + 1) })],
    ['words with a city by relevance then date', QUERIES[0]![1], (n: number) => ({ date: at(n * 6 + 1) })],
    ['a category under a price by price', QUERIES[3]![1], (n: number) => ({ price: 10 + n + 0.75 })],
  ] satisfies Array<[string, SearchQuery, (n: number) => Partial<IndexDocument>]>)(
    '%s: patched again and again, its standing rows sort with the ones read anew, cursor included',
    async (_, query, between) => {
      const db = new Database(file.db.name, { readonly: true });
      const reader = createSearchReader(db);
      expect(answer(reader, query)).toEqual(found(query));
      for (let n = 0; n < 4; n++) {
        // A new match sorting between the page's rows, and one of the page's own rows rewritten in place.
        const own = reader.search('events', query).hits[3]!.source as IndexDocument;
        await file.search.upsert('events', [
          {
            id: `between-${JSON.stringify(query).length}-${n}`,
            name: 'Jazz between',
            city: 'Lisbon',
            category: 'Music',
            ...between(n),
          },
          { ...own, description: `Rewritten ${n}` },
        ]);
        expect(answer(reader, query)).toEqual(found(query));
      }
      expect(reader.firstPages.tally()).toMatchObject({ patched: 4, found: 1 });
      db.close();
    },
  );

  it('keeps its rows when no changed row can join, and counts the matches that left beyond it', async () => {
    const db = new Database(file.db.name, { readonly: true });
    const reader = createSearchReader(db);
    const query: SearchQuery = { ...QUERIES[0]![1], limit: 3 };
    const first = reader.search('events', query);
    // A Lisbon event without the word, and a Lisbon match beyond the page removed.
    const beyond = reader.search('events', { ...query, limit: 50 }).hits.at(-1)!.id;
    await file.search.upsert('events', [{ id: 'plain-lisbon', name: 'Evening plain', city: 'Lisbon', date: at(3) }]);
    await file.search.delete('events', [beyond]);
    const after = reader.search('events', query);
    expect(answer(reader, query)).toEqual(found(query));
    expect(after.hits).toEqual(first.hits);
    expect(after.total).toBe(first.total - 1);
    // The two pages found (this one, and the longer one that named a match beyond it), this one patched once.
    expect(reader.firstPages.tally()).toEqual({ kept: 1, patched: 1, stood: 1, found: 2 });
    db.close();
  });

  it('keeps its rows when the matches written all sort after its last row, and counts them', async () => {
    const db = new Database(file.db.name, { readonly: true });
    const reader = createSearchReader(db);
    const query = QUERIES[5]![1];
    const first = reader.search('events', query);
    const later = (n: number) => ({ id: `later-${n}`, name: 'Jazz later', city: 'Lisbon', date: at(5000 + n) });
    await file.search.upsert('events', [later(1), later(2)]);
    const after = reader.search('events', query);
    expect(answer(reader, query)).toEqual(found(query));
    expect(after.hits).toEqual(first.hits);
    expect(after.total).toBe(first.total + 2);
    expect(reader.firstPages.tally()).toEqual({ kept: 1, patched: 1, stood: 1, found: 1 });
    // One that sorts within the page joins it.
    await file.search.upsert('events', [later(3), { id: 'sooner', name: 'Sooner', city: 'Porto', date: at(30.5) }]);
    expect(answer(reader, query)).toEqual(found(query));
    expect(reader.search('events', query).hits.map((hit) => hit.id)).toContain('sooner');
    db.close();
  });

  it('keeps a page as it is across a write that reaches none of its matches', async () => {
    const db = new Database(file.db.name, { readonly: true });
    const reader = createSearchReader(db);
    const query = QUERIES[0]![1];
    const first = reader.search('events', query);
    await file.search.upsert('events', [{ id: 'elsewhere', name: 'Evening elsewhere', city: 'Porto', date: at(2) }]);
    expect(reader.search('events', query)).toEqual(first);
    expect(reader.firstPages.tally()).toEqual({ kept: 1, patched: 0, stood: 0, found: 1 });
    db.close();
  });

  it('finds pages of no rows, deeper pages and nearest-first pages each time', async () => {
    const db = new Database(file.db.name, { readonly: true });
    const reader = createSearchReader(db);
    const deeper: SearchQuery[] = [
      { sort: [...byDate], limit: 0 },
      { sort: [...byDate], limit: 10, offset: 10 },
      { sort: [...byDate], limit: 200 },
      { near: { field: 'location', lat: 38.5, lon: -8.8, radiusKm: 30 }, limit: 10 },
    ];
    for (const query of [...deeper, ...deeper]) expect(answer(reader, query)).toEqual(found(query));
    expect(reader.firstPages.tally()).toEqual({ kept: 0, patched: 0, stood: 0, found: 0 });
    db.close();
  });
});
