/**
 * Words with a city in the city's `sortedBy` order (keyword-order.ts, keyword-rows.ts; issue 14): the best
 * name-scored rows walked first, the total counted from the city's kept rows. Checked against the plan before
 * them: the match as an `IN (SELECT rowid ... MATCH ...)` subquery with the same WHERE and ORDER BY, every
 * match sorted. Totals, counts, pages at every offset (the middle and past it, where pages are read backwards),
 * cursor pages, two words, date orders both ways, a city where some rows have no name (they score 0, as a name
 * without the words: a NULL score sorted first and made a cursor the codec refused) or no date, and a write seen
 * by the next search.
 */
import { describe, expect, it } from 'vitest';
import { type IndexDocument, type SearchQuery, seededRandom } from '@evently/platform';
import { indexedTestFileForSpec } from '../testing/indexed-test-file.ts';
import { subqueryOrder } from '../testing/match-subquery-order.ts';
import { keywordOrderIndexFor } from './keyword-order.ts';

const COUNT = 12_000;
const next = seededRandom(1426).next;
const from = Date.UTC(2030, 0, 3);
const CITIES = ['Berlin', 'Lisbon', 'Porto', 'Tokyo'];
// "jazz" in the names of a fifth of the documents and in more descriptions; "quartet" in some names; whole
// hours, so starts tie and the id decides. In Porto some documents have no name (scored 0), in Tokyo no date.
// Half of them in Berlin: more upcoming rows than the walk's threshold (keyword-order.ts, `walkBestFirst`).
const docs: IndexDocument[] = Array.from({ length: COUNT }, (_, i) => {
  const city = i % 2 === 0 ? 'Berlin' : CITIES[1 + Math.floor(next() * 3)]!;
  const named = !(city === 'Porto' && i % 37 === 2);
  const dated = !(city === 'Tokyo' && i % 53 === 3);
  return {
    id: String(i + 1),
    ...(named ? { name: `${i % 5 === 0 ? 'Jazz Night' : 'Evening'}${i % 9 === 1 ? ' quartet' : ''} ${i + 1}` } : {}),
    description: i % 3 === 0 ? 'An evening of jazz, a quartet and more' : 'Short.',
    tags: i % 7 === 0 ? ['jazz', 'live'] : ['live'],
    city,
    ...(dated ? { date: new Date(Date.UTC(2030, 0, 1) + Math.floor(next() * 700) * 3_600_000).toISOString() } : {}),
    location: { lat: 38 + next() * 15, lon: -9 + next() * 23 },
    price: Math.round(next() * 100),
  };
});

// A low "common word" bar, so the city drives as at a million events.
const file = indexedTestFileForSpec('evently-keyword-order-', docs, { readerThreads: 1, commonTextDocuments: 100 });

const iso = (millis: number) => new Date(millis).toISOString();
const upcoming = { field: 'date', op: 'range', gte: iso(from) } as const;
const city = (value: string) => ({ field: 'city', op: 'eq', value }) as const;
const relevanceThenDate = [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'asc' }] as const;
const tenDays = { field: 'date', op: 'range', gte: iso(from), lte: iso(from + 10 * 86_400_000) } as const;

const cases: Array<[string, SearchQuery]> = [
  [
    'a word with a city, by relevance then date',
    { text: 'jazz', filters: [upcoming, city('Berlin')], sort: [...relevanceThenDate] },
  ],
  ['the same with a date range', { text: 'jazz', filters: [city('Lisbon'), tenDays], sort: [...relevanceThenDate] }],
  [
    'a word in few names (most of the page from the other rows)',
    { text: 'quartet', filters: [upcoming, city('Tokyo')], sort: [...relevanceThenDate] },
  ],
  ['two words', { text: 'jazz quartet', filters: [upcoming, city('Berlin')], sort: [...relevanceThenDate] }],
  [
    'a city with rows without a name (scored 0)',
    { text: 'jazz', filters: [upcoming, city('Porto')], sort: [...relevanceThenDate] },
  ],
  [
    'by date only',
    { text: 'evening', filters: [upcoming, city('Lisbon')], sort: [{ by: 'field', field: 'date', direction: 'asc' }] },
  ],
  [
    'newest first, without a date filter (rows without a date last)',
    { text: 'jazz', filters: [city('Tokyo')], sort: [{ by: 'field', field: 'date', direction: 'desc' }] },
  ],
  [
    'relevance then newest, bounds on both sides',
    {
      text: 'jazz',
      filters: [city('Tokyo'), { field: 'date', op: 'range', gt: iso(from), lt: iso(from + 20 * 86_400_000) }],
      sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'desc' }],
    },
  ],
  [
    'a price filter besides (counted in SQL)',
    {
      text: 'jazz',
      filters: [upcoming, city('Berlin'), { field: 'price', op: 'range', gte: 20 }],
      sort: [...relevanceThenDate],
    },
  ],
];

describe('words with a city in its date order', () => {
  it('use the city sortedBy index', () => {
    for (const [, query] of cases)
      expect(keywordOrderIndexFor(file.layout, query)?.index).toMatch(/_kl_city_by_date"$/);
    // Relevance after the date is another order: not this index's.
    expect(
      keywordOrderIndexFor(file.layout, {
        text: 'jazz',
        filters: [upcoming, city('Berlin')],
        sort: [{ by: 'field', field: 'date', direction: 'asc' }, { by: 'relevance' }],
      }),
    ).toBeNull();
  });

  it.each(cases)('%s: the same total, count and pages as every match sorted, at every offset', async (_, query) => {
    const expected = subqueryOrder(file, query);
    expect(expected.length).toBeGreaterThan(60);
    for (const offset of [0, 25, Math.floor(expected.length / 2) + 3, expected.length - 7, expected.length + 2]) {
      const answer = await file.search.search('events', { ...query, offset, limit: 25 });
      expect(answer.total).toBe(expected.length);
      expect(answer.hits.map((hit) => hit.id)).toEqual(expected.slice(offset, offset + 25));
    }
    expect(await file.search.count('events', { text: query.text!, filters: query.filters! })).toBe(expected.length);
  });

  it.each(cases)('%s: cursor pages follow the same order', async (_, query) => {
    const expected = subqueryOrder(file, query);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 6; page++) {
      const answer = await file.search.search('events', { ...query, limit: 20, ...(after ? { after } : {}) });
      seen.push(...answer.hits.map((hit) => hit.id));
      if (!answer.nextCursor) break;
      after = answer.nextCursor;
    }
    expect(seen).toEqual(expected.slice(0, seen.length));
    expect(seen.length).toBe(Math.min(120, expected.length));
  });

  // The city's index order, and a map area (the name score of any plan the docs side drives, sorted in SQL).
  it.each<[string, SearchQuery]>([
    ['a city', { text: 'jazz', filters: [upcoming, city('Porto')], sort: [...relevanceThenDate] }],
    [
      'a map area',
      {
        text: 'jazz',
        bounds: { field: 'location', south: 38, north: 53, west: -9, east: 14 },
        filters: [tenDays],
        sort: [...relevanceThenDate],
      },
    ],
  ])(
    '%s: rows without a name come after every named row with the words, and a cursor walk passes over them',
    async (_, query) => {
      const unnamed = new Set(docs.filter((doc) => doc.name === undefined).map((doc) => doc.id));
      const all = await file.search.search('events', { ...query, limit: 5000 });
      const ids = all.hits.map((hit) => hit.id);
      expect(ids.length).toBe(all.total);
      const firstUnnamed = ids.findIndex((id) => unnamed.has(id));
      expect(firstUnnamed).toBeGreaterThan(0);
      const named = all.hits.slice(firstUnnamed).filter((hit) => !unnamed.has(hit.id));
      expect(named.every((hit) => !String(hit.source.name).toLowerCase().includes('jazz'))).toBe(true);
      const walked: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await file.search.search('events', { ...query, limit: 7, ...(after ? { after } : {}) });
        walked.push(...page.hits.map((hit) => hit.id));
        if (!page.nextCursor) break;
        after = page.nextCursor;
      }
      expect(walked).toEqual(ids);
    },
  );

  it('a document written after a search is counted and placed by the next one (the kept rows are read again)', async () => {
    const query: SearchQuery = {
      text: 'jazz',
      filters: [upcoming, city('Berlin')],
      sort: [...relevanceThenDate],
      limit: 10,
    };
    const before = await file.search.search('events', query);
    await file.search.upsert('events', [
      {
        id: 'new-jazz',
        name: 'Jazz Brunch',
        city: 'Berlin',
        date: iso(from + 60_000),
        location: { lat: 52.5, lon: 13.4 },
      },
    ]);
    const after = await file.search.search('events', query);
    expect(after.total).toBe(before.total + 1);
    expect(after.hits.map((hit) => hit.id)).toEqual(subqueryOrder(file, query).slice(0, 10));
    expect(after.hits.map((hit) => hit.id)).toContain('new-jazz');
    await file.search.delete('events', ['new-jazz']);
    expect((await file.search.search('events', query)).total).toBe(before.total);
  });
});
