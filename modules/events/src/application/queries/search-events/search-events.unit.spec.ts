/**
 * A map page's answer text built once for the hits an index keeps (frozen, handed out again while unchanged),
 * and built again whenever the pagination or the hits differ.
 */
import { describe, expect, it } from 'vitest';
import type { FragmentHit, FragmentPage, SearchIndex } from '@evently/platform';
import { makeSearchEvents } from './search-events.ts';

const pin = (id: number) => JSON.stringify({ id, name: `Event ${id}`, date: '2030-01-01T20:00:00Z' });
/** Hits that count how often their fragments are read. */
let fragmentReads = 0;
const hits = (n: number): FragmentHit[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    get fragment() {
      fragmentReads++;
      return pin(i + 1);
    },
  }));

function searchOver(pages: FragmentPage[]) {
  let asked = 0;
  const search = {
    searchFragments: async () => pages[Math.min(asked++, pages.length - 1)]!,
  } as unknown as SearchIndex;
  const clock = { now: () => new Date('2029-12-01T00:00:00Z') };
  const ratings = { ratingsFor: async () => new Map(), attach: async <T>(views: T[]) => views };
  return makeSearchEvents({ search, clock, ratings }).searchEventsText;
}

const MAP_PAGE = { fields: 'map_basic', per_page: '1000' };
const expected = (page: FragmentPage) =>
  JSON.parse(`{"data":[${page.hits.map((hit) => hit.fragment).join(',')}]}`) as { data: unknown[] };

describe('answers of kept map pages', () => {
  it('gives the same text for the same kept hits, and a new one when the total moves', async () => {
    const kept = Object.freeze(hits(3)) as FragmentHit[];
    const first: FragmentPage = { total: 3, hits: kept, nextCursor: null };
    const grown: FragmentPage = { total: 4, hits: kept, nextCursor: null };
    const answer = searchOver([first, first, grown]);
    const one = await answer(MAP_PAGE);
    expect(JSON.parse(one)).toEqual({ ...expected(first), pagination: expect.objectContaining({ total: 3 }) });
    const reads = fragmentReads;
    expect(await answer(MAP_PAGE)).toBe(one);
    expect(fragmentReads).toBe(reads);
    const two = await answer(MAP_PAGE);
    expect(JSON.parse(two)).toEqual({ ...expected(first), pagination: expect.objectContaining({ total: 4 }) });
  });

  it('builds the text again for hits that are not kept', async () => {
    const open = hits(2);
    const page: FragmentPage = { total: 2, hits: open, nextCursor: null };
    const answer = searchOver([page]);
    expect(JSON.parse(await answer(MAP_PAGE))).toMatchObject(expected(page));
    open[0] = { id: '9', fragment: pin(9) };
    expect(expected(page).data[0]).toMatchObject({ id: 9 });
    expect(JSON.parse(await answer(MAP_PAGE))).toMatchObject(expected(page));
  });
});
