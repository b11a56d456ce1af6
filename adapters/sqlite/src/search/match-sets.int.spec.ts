/**
 * Text matches as cached sets (issue 14): plans another index drives test each row's byte instead of
 * rebuilding the match set in every statement. Checked against the statement built as before (the match as an
 * `IN (SELECT rowid ... MATCH ...)` subquery, same WHERE and ORDER BY): a common word in date order (the date
 * walk), a word with a city (the city drives, ranked by the name), with a map box and a date range; then that
 * a write, in this connection or in another, is seen by the next search, and the sets themselves.
 */
import { describe, expect, it } from 'vitest';
import { type IndexDocument, type SearchQuery, seededRandom } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { subqueryOrder } from '../testing/match-subquery-order.ts';
import { ftsMatch } from './fts-match.ts';
import { matchSetTest, matchSetsOf } from './match-sets.ts';

const COUNT = 4000;
const next = seededRandom(26).next;
const from = Date.UTC(2030, 0, 3);
const CITIES = ['Berlin', 'Lisbon', 'Porto', 'Jazzhausen'];
// "jazz" in a third of the names and some tags, "quartet" in a tenth, "harbour" rarely; whole hours, so starts
// tie and the id decides; a few without a date, which no date range holds.
const docs: IndexDocument[] = Array.from({ length: COUNT }, (_, i) => ({
  id: String(i + 1),
  name: `${i % 3 === 0 ? 'Jazz Night' : 'Evening'}${i % 50 === 0 ? ' at the harbour' : ''}${i % 10 === 1 ? ' quartet' : ''} ${i + 1}`,
  description: i % 4 === 0 ? 'An evening of jazz and more' : 'Short.',
  tags: i % 7 === 0 ? ['jazz', 'live'] : ['live'],
  city: CITIES[i % CITIES.length],
  date: i % 97 === 5 ? undefined : new Date(Date.UTC(2030, 0, 1) + Math.floor(next() * 600) * 3_600_000).toISOString(),
  location: { lat: 38 + next() * 15, lon: -9 + next() * 23 },
  price: Math.round(next() * 100),
}));

// A low "common word" bar, so a word with a city or an area makes the docs side drive, as at a million events.
const file = indexedTestFileForSpec('evently-match-sets-', docs, { readerThreads: 1, commonTextDocuments: 100 });

/** As the adapter plans it: a city or an area drives the docs side; a word alone has a constant bm25 there. */
const driveOf = (query: SearchQuery) =>
  query.bounds || (query.filters ?? []).some((clause) => clause.op === 'eq') ? 'docs' : 'fts';

const upcoming = { field: 'date', op: 'range', gte: new Date(from).toISOString() } as const;
const byDate = [{ by: 'field', field: 'date', direction: 'asc' }] as const;
const cases: Array<[string, SearchQuery]> = [
  ['a common word in date order (the date walk)', { text: 'jazz', filters: [upcoming], sort: [...byDate] }],
  [
    'a word in a tenth of the documents in date order (walked: the bit test is cheaper than a sort)',
    { text: 'quartet', filters: [upcoming], sort: [...byDate] },
  ],
  [
    'newest first, after a bound in the middle',
    {
      text: 'jazz',
      filters: [{ field: 'date', op: 'range', gt: new Date(Date.UTC(2030, 0, 13)).toISOString() }],
      sort: [{ by: 'field', field: 'date', direction: 'desc' }],
    },
  ],
  [
    'a common word by relevance (constant bm25: the date walk)',
    { text: 'jazz', filters: [upcoming], sort: [{ by: 'relevance' }, ...byDate] },
  ],
  [
    'a word with a city, by relevance (the city drives, ranked by the name)',
    {
      text: 'jazz',
      filters: [upcoming, { field: 'city', op: 'eq', value: 'Lisbon' }],
      sort: [{ by: 'relevance' }, ...byDate],
    },
  ],
  [
    'a word with a city and a date range',
    {
      text: 'evening',
      filters: [
        {
          field: 'date',
          op: 'range',
          gte: new Date(from).toISOString(),
          lte: new Date(from + 10 * 86_400_000).toISOString(),
        },
        { field: 'city', op: 'eq', value: 'Porto' },
      ],
      sort: [...byDate],
    },
  ],
  [
    'a word in a map box',
    {
      text: 'jazz',
      bounds: { field: 'location', south: 40, north: 50, west: -5, east: 10 },
      filters: [upcoming],
      sort: [...byDate],
    },
  ],
  [
    'a rare word with a city',
    { text: 'harbour', filters: [{ field: 'city', op: 'eq', value: 'Berlin' }], sort: [...byDate] },
  ],
];

/** The ids a set holds (`@set`) and the ids the match itself finds (`?`), both in row order. */
function setAndMatchStatements() {
  const { db, layout } = file;
  return {
    inSet: db.prepare(`SELECT d.id FROM ${layout.docs} d WHERE ${matchSetTest('@set')} ORDER BY d.rid`).pluck(),
    matched: db
      .prepare(
        `SELECT d.id FROM ${layout.docs} d WHERE d.rid IN (SELECT rowid FROM ${layout.fts} WHERE ${layout.fts} MATCH ?) ORDER BY d.rid`,
      )
      .pluck(),
  };
}

describe('text matches as cached bitmaps', () => {
  it.each(cases)('%s: the same total and pages as the subquery statement, at every offset', async (_, query) => {
    const expected = subqueryOrder(file, query, driveOf(query));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(docs.length);
    for (const offset of [0, 20, Math.floor(expected.length / 2) + 3, expected.length - 7, expected.length + 2]) {
      const answer = await file.search.search('events', { ...query, offset, limit: 25 });
      expect(answer.total).toBe(expected.length);
      expect(answer.hits.map((hit) => hit.id)).toEqual(expected.slice(offset, offset + 25));
    }
    expect(
      await file.search.count('events', {
        text: query.text!,
        filters: query.filters!,
        ...(query.bounds ? { bounds: query.bounds } : {}),
      }),
    ).toBe(expected.length);
  });

  it('a document written after a search is found by the next one (the reader thread sees the commit)', async () => {
    const query: SearchQuery = {
      text: 'jazz',
      filters: [upcoming, { field: 'city', op: 'eq', value: 'Lisbon' }],
      sort: [...byDate],
      limit: 1000,
    };
    const before = await file.search.search('events', query);
    const added = {
      id: 'new-jazz',
      name: 'Jazz Brunch',
      city: 'Lisbon',
      date: new Date(from + 60_000).toISOString(),
      location: { lat: 38.7, lon: -9.1 },
    };
    await file.search.upsert('events', [added]);
    const after = await file.search.search('events', query);
    expect(after.total).toBe(before.total + 1);
    expect(after.hits.map((hit) => hit.id)).toContain('new-jazz');
    expect(after.hits.map((hit) => hit.id)).toEqual(subqueryOrder(file, query, driveOf(query)));
    await file.search.delete('events', ['new-jazz']);
    expect((await file.search.search('events', query)).total).toBe(before.total);
  });

  it('a set holds exactly the match, and a commit by another connection makes the next call bring it up to date', async () => {
    const sets = matchSetsOf(file.db);
    const expression = ftsMatch(file.db, file.layout, 'harbour')!.expression;
    const set = sets.load(file.layout, expression);
    expect(sets.load(file.layout, expression)).toBe(set);
    const { inSet, matched } = setAndMatchStatements();
    expect(inSet.all({ set: set.bytes })).toEqual(matched.all(expression));
    expect(set.size).toBe(matched.all(expression).length);
    // Cached totals key their parameters by JSON: a set appears there by its name, not its bytes.
    expect(JSON.stringify({ set: set.bytes })).toMatch(/^\{"set":"match-set \d+"\}$/);

    await file.search.upsert('events', [
      { id: 'harbour-new', name: 'Harbour Lights', date: new Date(from).toISOString() },
    ]);
    const again = sets.load(file.layout, expression);
    expect(again).not.toBe(set);
    // The same name: totals kept with the set follow their own dependencies, which a new version does not change.
    expect(JSON.stringify(again.bytes)).toBe(JSON.stringify(set.bytes));
    expect(inSet.all({ set: again.bytes })).toContain('harbour-new');
    expect(inSet.all({ set: set.bytes })).not.toContain('harbour-new');
    await file.search.delete('events', ['harbour-new']);
  });

  // A prefix is read as the whole terms it stands for when they are few (match-sets.ts, `wholeTerms`).
  it.each([
    ['a word that is also a prefix of a few others', 'jaz'],
    ['a word without longer terms', 'harbour'],
    ['two words, one with forms', 'jazz evenings'],
    ['a prefix of many terms (read as the prefix)', 'eve'],
    ['a word the tokenizer folds', 'Jàzz'],
  ])('%s: the set holds exactly the match', async (_, text) => {
    await file.search.upsert(
      'events',
      [
        'jazzy',
        'jazzfest',
        'jazzman',
        'evea',
        'eveb',
        'evec',
        'eved',
        'evee',
        'evef',
        'eveg',
        'eveh',
        'evei',
        'evej',
      ].map((word, i) => ({
        id: `extra-${i}`,
        name: `${word} ${i % 2 === 0 ? 'evening' : ''}`,
        date: new Date(from).toISOString(),
      })),
    );
    const expression = ftsMatch(file.db, file.layout, text)!.expression;
    const set = matchSetsOf(file.db).load(file.layout, expression);
    const { inSet, matched } = setAndMatchStatements();
    expect(matched.all(expression).length).toBeGreaterThan(0);
    expect(inSet.all({ set: set.bytes })).toEqual(matched.all(expression));
    expect(set.size).toBe(matched.all(expression).length);
  });
});
