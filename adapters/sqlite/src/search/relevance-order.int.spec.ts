/**
 * Relevance first on the embedded engine (issue 14). bm25 scores every match of our contentless
 * `detail=column` FTS5 table the same (-0), so the adapter no longer scores, joins and sorts every match for
 * it: the page is planned in the order of the next sort keys (a common word walks the date index). Checked here
 * against the statement the adapter ran before, built by the same planner with the score joined from FTS5:
 * totals, pages at several offsets (the end read backwards, past the end), cursor chains, past events left
 * out, a rare word (the planner's plan) and a common one (the walk), ties on the start decided by the id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { type IndexDocument, type SearchIndex, type SearchQuery, seededRandom } from '@evently/platform';
import type { IndexLayout } from './index-layout.ts';
import { openIndexedTestFile, type IndexedTestFile } from '../testing/indexed-test-file.ts';
import { ftsMatch } from './fts-match.ts';
import { fromWhereSql, orderBySql, planMatch } from './search-sql.ts';

const COUNT = 3000;

// Seeded, so a failure can be replayed.
const next = seededRandom(14).next;
const from = Date.UTC(2030, 0, 3);
// "jazz" in half the names, in some descriptions and tags (other boosts, other lengths); "harbour" rarely.
// Whole hours over three weeks, so many matches share a start (the id decides) and a tenth are past.
const docs: IndexDocument[] = Array.from({ length: COUNT }, (_, i) => ({
  id: String(i + 1),
  name: `${i % 2 === 0 ? 'Jazz Night' : 'Evening'} ${i % 5 === 0 ? 'at the harbour jazz jazz' : ''} ${i + 1}`,
  description: i % 3 === 0 ? `A long description of an evening of jazz and more ${'words '.repeat(i % 11)}` : 'Short.',
  tags: i % 7 === 0 ? ['jazz', 'live'] : ['live'],
  city: i % 4 === 0 ? 'Jazzhausen' : 'Berlin',
  date: new Date(Date.UTC(2030, 0, 1) + Math.floor(next() * 500) * 3_600_000).toISOString(),
  price: Math.round(next() * 100),
}));

let fixture: IndexedTestFile;
let search: SearchIndex;
let db: Database.Database;
let layout: IndexLayout;

beforeAll(async () => {
  fixture = await openIndexedTestFile('evently-relevance-', docs, { readerThreads: 0 });
  ({ search, db, layout } = fixture);
});
afterAll(() => fixture.close());

/** Every id in the order of the statement the adapter ran before: bm25 joined from FTS5, then the sort keys. */
function beforeOrder(query: SearchQuery): string[] {
  const match = ftsMatch(db, layout, query.text!)!;
  const plan = planMatch(layout, query, match.expression, true, { words: match.forms });
  expect(plan.score).toBe('m.score');
  return db
    .prepare(`SELECT d.id ${fromWhereSql(plan)} ${orderBySql(layout, query, plan)}`)
    .pluck()
    .all(plan.params) as string[];
}

const upcoming: SearchQuery['filters'] = [{ field: 'date', op: 'range', gte: new Date(from).toISOString() }];
const relevance = (text: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  text,
  filters: upcoming,
  sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'asc' }],
  ...extra,
});

describe('relevance order on the embedded engine, against the scoring statement', () => {
  it('bm25 gives every match the same score in this table (what the plan relies on; probed at run time)', () => {
    const weights = layout.searchable.map((s) => s.boost).join(', ');
    const scores = db
      .prepare(`SELECT bm25(${layout.fts}, ${weights}) FROM ${layout.fts} WHERE ${layout.fts} MATCH 'jazz'`)
      .pluck()
      .all() as number[];
    expect(scores.length).toBeGreaterThan(1000);
    expect(new Set(scores)).toEqual(new Set([0]));
  });

  it.each([
    ['a common word (walks the date index)', 'jazz'],
    ['a rare word (the planner plan)', 'harbour'],
    ['two words', 'jazz evening'],
    ['a prefix', 'jaz'],
  ])('%s: same total and pages at every offset, past events left out', async (_, text) => {
    const expected = beforeOrder(relevance(text));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(docs.length);
    for (const offset of [
      0,
      20,
      100,
      Math.floor(expected.length / 2) + 7,
      expected.length - 15,
      expected.length,
      expected.length + 5,
    ]) {
      for (const limit of [20, 100]) {
        const answer = await search.search('events', relevance(text, { offset, limit }));
        expect(answer.total).toBe(expected.length);
        expect(answer.hits.map((hit) => hit.id)).toEqual(expected.slice(offset, offset + limit));
      }
    }
  });

  it('relevance alone (no date key): ties fall to the id', async () => {
    const query: SearchQuery = { text: 'jazz', filters: upcoming, sort: [{ by: 'relevance' }], limit: 50 };
    const expected = beforeOrder(query);
    const answer = await search.search('events', query);
    expect(answer.total).toBe(expected.length);
    expect(answer.hits.map((hit) => hit.id)).toEqual(expected.slice(0, 50));
  });

  it('relevance then date descending: later first, ties by the id descending', async () => {
    const desc = relevance('jazz', {
      sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'desc' }],
      limit: 30,
      offset: 10,
    });
    expect((await search.search('events', desc)).hits.map((hit) => hit.id)).toEqual(beforeOrder(desc).slice(10, 40));
  });

  it('a cursor chain walks the whole order, page after page, and ends', async () => {
    const expected = beforeOrder(relevance('jazz'));
    const seen: string[] = [];
    let after: string | null | undefined;
    for (let pageNo = 0; pageNo < 100 && after !== null; pageNo++) {
      const answer = await search.search('events', relevance('jazz', { limit: 97, ...(after ? { after } : {}) }));
      expect(answer.total).toBe(expected.length);
      seen.push(...answer.hits.map((hit) => hit.id));
      after = answer.nextCursor;
    }
    expect(seen).toEqual(expected);
  });
});
