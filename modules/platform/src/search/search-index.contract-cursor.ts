/**
 * Cursor paging cases of the SearchIndex contract (`testSearchIndex` runs them on every engine): a walk from
 * the first page through each answer's `nextCursor` gives every match exactly once, in the order offset
 * paging gives, with filters, text, a box or a circle, past the result window; a cursor the index did not
 * make for that order is a SearchCursorError.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_RESULT_WINDOW,
  SearchCursorError,
  SearchWindowError,
  type SearchIndex,
  type SearchQuery,
} from './search-index.port.ts';
import { berlin } from './search-index.contract-fixtures.ts';

interface CursorContext {
  search: SearchIndex;
  index: string;
}

/** Every page of a cursor walk: the first without a cursor, each next one after the previous answer's. */
async function walk(
  search: SearchIndex,
  index: string,
  query: SearchQuery,
  limit: number,
): Promise<{ ids: string[]; pages: number; totals: Set<number> }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  let after: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await search.search(index, { ...query, limit, ...(after === undefined ? {} : { after }) });
    pages += 1;
    totals.add(page.total);
    ids.push(...page.hits.map((hit) => hit.id));
    if (page.nextCursor === null) return { ids, pages, totals };
    expect(page.hits).toHaveLength(limit);
    after = page.nextCursor;
  }
}

const walks: Array<[string, SearchQuery]> = [
  ['no sort (by id)', {}],
  ['popularity desc, with ties', { sort: [{ by: 'field', field: 'popularity', direction: 'desc' }] }],
  ['price asc, missing prices last', { sort: [{ by: 'field', field: 'price', direction: 'asc' }] }],
  ['price desc, missing prices last', { sort: [{ by: 'field', field: 'price', direction: 'desc' }] }],
  ['city asc, missing cities last', { sort: [{ by: 'field', field: 'city', direction: 'asc' }] }],
  ['name desc', { sort: [{ by: 'field', field: 'name', direction: 'desc' }] }],
  [
    'upcoming by date with a filter (the map walk)',
    {
      filters: [
        { field: 'date', op: 'range', gte: '2030-03-02T00:00:00Z' },
        { field: 'country', op: 'in', values: ['DE', 'FR', 'FJ', 'US'] },
      ],
      sort: [{ by: 'field', field: 'date', direction: 'asc' }],
    },
  ],
  [
    'in a box, by date',
    {
      bounds: { field: 'location', south: -40, north: 60, west: -180, east: 180 },
      sort: [{ by: 'field', field: 'date', direction: 'asc' }],
    },
  ],
  ['in a box across the antimeridian', { bounds: { field: 'location', south: -40, north: 30, west: 175, east: -160 } }],
  [
    'near, by distance',
    { near: { field: 'location', ...berlin, radiusKm: 1000 }, sort: [{ by: 'distance', direction: 'asc' }] },
  ],
  [
    'text by relevance, then date',
    { text: 'berlin', sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'asc' }] },
  ],
];

export function testCursorPaging(context: () => CursorContext): void {
  describe('cursor paging', () => {
    // One case for every order (each case costs an index set-up): the message names the walk that failed.
    it('a walk gives every match once, in offset order, whatever the sort, filters, box or circle', async () => {
      const { search, index } = context();
      for (const [name, query] of walks) {
        const all = await search.search(index, { ...query, limit: 1000 });
        expect(all.total, name).toBeGreaterThan(2);
        const cursorWalk = await walk(search, index, query, 2);
        expect(cursorWalk.ids, name).toEqual(all.hits.map((hit) => hit.id));
        expect(cursorWalk.totals, name).toEqual(new Set([all.total]));
        expect(cursorWalk.pages, name).toBe(Math.ceil(all.total / 2));
      }
    });

    it('the last page has no cursor, and an offset page has one that continues after it', async () => {
      const { search, index } = context();
      const sort: SearchQuery['sort'] = [{ by: 'field', field: 'popularity', direction: 'desc' }];
      const all = (await search.search(index, { sort, limit: 1000 })).hits.map((hit) => hit.id);
      expect((await search.search(index, { sort, limit: 1000 })).nextCursor).toBeNull();
      const third = await search.search(index, { sort, offset: 6, limit: 3 });
      const fourth = await search.search(index, { sort, limit: 3, after: third.nextCursor! });
      expect(fourth.hits.map((hit) => hit.id)).toEqual(all.slice(9, 12));
      expect(fourth.total).toBe(all.length);
    });

    it('walks past the result window, which offset pages cannot', async () => {
      const { search } = context();
      const index = `${context().index}_deep`;
      await search.init({ name: index, fields: { rank: { type: 'number' } } });
      const count = MAX_RESULT_WINDOW + 150;
      const docs = Array.from({ length: count }, (_, i) => ({ id: String(i + 1), rank: i % 7 }));
      await search.upsert(index, docs);
      await search.refresh(index);
      const query: SearchQuery = {
        filters: [{ field: 'rank', op: 'range', gte: 0 }],
        sort: [{ by: 'field', field: 'rank', direction: 'asc' }],
        fields: ['rank'],
      };
      await expect(search.search(index, { ...query, offset: MAX_RESULT_WINDOW, limit: 1000 })).rejects.toBeInstanceOf(
        SearchWindowError,
      );
      const deep = await walk(search, index, query, 1000);
      expect(deep.pages).toBe(Math.ceil(count / 1000));
      expect(deep.totals).toEqual(new Set([count]));
      const expected = [...docs].sort((a, b) => a.rank - b.rank || Number(a.id) - Number(b.id)).map((doc) => doc.id);
      expect(deep.ids).toEqual(expected);
    });

    it('a forged cursor, one made for another order, or a cursor with an offset is a SearchCursorError', async () => {
      const { search, index } = context();
      const byDate: SearchQuery = { sort: [{ by: 'field', field: 'date', direction: 'asc' }], limit: 2 };
      const cursor = (await search.search(index, byDate)).nextCursor!;
      const forged = Buffer.from(JSON.stringify(['x', 1, 2])).toString('base64url');
      // The real fingerprint with a word where the date goes: an engine must never see it.
      const [fingerprint, ...values] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [
        string,
        ...unknown[],
      ];
      const wrongKind = Buffer.from(JSON.stringify([fingerprint, 'tomorrow', ...values.slice(1)])).toString(
        'base64url',
      );
      for (const query of [
        { ...byDate, after: forged },
        { ...byDate, after: wrongKind },
        { ...byDate, after: 'not a cursor!' },
        { ...byDate, after: cursor.slice(0, -4) },
        { sort: [{ by: 'field', field: 'date', direction: 'desc' }], after: cursor } satisfies SearchQuery,
        {
          near: { field: 'location', ...berlin, radiusKm: 1000 },
          sort: [{ by: 'distance', direction: 'asc' }],
          after: cursor,
        } satisfies SearchQuery,
        { ...byDate, offset: 2, after: cursor },
      ]) {
        await expect(search.search(index, query)).rejects.toBeInstanceOf(SearchCursorError);
      }
    });
  });
}
