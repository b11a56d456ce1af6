import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTempDataDir } from '@evently/platform/testing';
import type { IndexDocument, IndexSchema, SearchIndex, SearchQuery } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

let dataDir: { dir: string; remove: () => Promise<void> };
const opened: SearchIndex[] = [];

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-page-cache-');
});
afterAll(async () => {
  await Promise.all(opened.map((index) => index.close()));
  await dataDir.remove();
});

const schema: IndexSchema = {
  name: 'events',
  fields: { name: { type: 'text' }, start: { type: 'date' } },
  fragments: { pin: 1 },
};
const event = (n: number): IndexDocument => ({
  id: String(n),
  name: `Event ${n}`,
  start: `2030-01-${String((n % 28) + 1).padStart(2, '0')}T20:00:00Z`,
  pin: { id: n, name: `Event ${n}` },
});
/** A map's page: more rows than a list page. */
const mapPage: SearchQuery = { sort: [{ by: 'field', field: 'start', direction: 'asc' }], limit: 500 };

/** Two indexes over one file, as two api processes sharing DATA_DIR: one with reader threads, one without. */
async function twoProcesses(file: string): Promise<[SearchIndex, SearchIndex]> {
  const first = createSqliteSearchIndex({ file, readerThreads: 1 });
  await first.init(schema);
  await first.upsert(
    'events',
    Array.from({ length: 40 }, (_, i) => event(i + 1)),
  );
  const second = createSqliteSearchIndex({ file, readerThreads: 0 });
  await second.init(schema);
  opened.push(first, second);
  return [first, second];
}

describe('kept map pages', () => {
  it('answers a map page again from the kept answer, frozen, until a write by any connection', async () => {
    const [first, second] = await twoProcesses(join(dataDir.dir, 'shared.sqlite'));
    for (const index of [first, second]) {
      const page = await index.searchFragments('events', mapPage, 'pin');
      expect(page.total).toBe(40);
      expect(await index.searchFragments('events', mapPage, 'pin')).toBe(page);
      expect(Object.isFrozen(page.hits[0])).toBe(true);
    }
    const before = await second.searchFragments('events', mapPage, 'pin');
    // The other process writes: the kept page is dropped, and the next answer has the new event.
    await first.upsert('events', [event(41)]);
    const after = await second.searchFragments('events', mapPage, 'pin');
    expect(after).not.toBe(before);
    expect(after.total).toBe(41);
    // Its own write, too.
    const kept = await first.searchFragments('events', mapPage, 'pin');
    await first.delete('events', ['41']);
    const fresh = await first.searchFragments('events', mapPage, 'pin');
    expect(fresh).not.toBe(kept);
    expect(fresh.total).toBe(40);
    expect(fresh.hits.map((hit) => hit.id)).toEqual(kept.hits.filter((hit) => hit.id !== '41').map((hit) => hit.id));
  });

  it('keeps each page apart and reads list pages every time', async () => {
    const [first] = await twoProcesses(join(dataDir.dir, 'pages.sqlite'));
    const one = await first.searchFragments('events', mapPage, 'pin');
    const two = await first.searchFragments('events', { ...mapPage, offset: 500 }, 'pin');
    expect(two).not.toBe(one);
    expect(two.hits).toEqual([]);
    const list: SearchQuery = { ...mapPage, limit: 100 };
    expect(await first.searchFragments('events', list, 'pin')).not.toBe(
      await first.searchFragments('events', list, 'pin'),
    );
  });

  it('shares one read among the requests that ask for a page while it is read', async () => {
    const [first] = await twoProcesses(join(dataDir.dir, 'shared-read.sqlite'));
    const [a, b] = await Promise.all([
      first.searchFragments('events', mapPage, 'pin'),
      first.searchFragments('events', mapPage, 'pin'),
    ]);
    expect(b).toBe(a);
  });

  describe('a page in date order with only date ranges (the map of upcoming events)', () => {
    const upcoming = { field: 'start', op: 'range', gte: '2030-01-01T00:00:00Z' } as const;
    /** 40 events over 28 days; a page of 120 rows less than every match, so a cursor follows it. */
    async function indexWith(name: string, direction: 'asc' | 'desc') {
      const [first] = await twoProcesses(join(dataDir.dir, name));
      await first.upsert(
        'events',
        Array.from({ length: 200 }, (_, i) => event(100 + i)),
      );
      const page: SearchQuery = { filters: [upcoming], sort: [{ by: 'field', field: 'start', direction }], limit: 120 };
      return { index: first, page };
    }
    const at = (day: number, id: string): IndexDocument => ({
      id,
      name: `Event ${id}`,
      // Before (day 1) or after (day 28) the events of the same day, which start at 20:00.
      start: `2030-01-${String(day).padStart(2, '0')}T${day === 1 ? '10' : '21'}:00:00Z`,
      pin: { id },
    });

    it('keeps its rows across a write after its last row, and counts its total now', async () => {
      const { index, page } = await indexWith('ordered-after.sqlite', 'asc');
      const before = await index.searchFragments('events', page, 'pin');
      expect(before.nextCursor).not.toBeNull();
      // The page ends within the first days of the month; a write on the 28th lies beyond it.
      await index.upsert('events', [at(28, 'late')]);
      const after = await index.searchFragments('events', page, 'pin');
      expect(after.hits).toBe(before.hits);
      expect(after.total).toBe(before.total + 1);
    });

    it('reads its rows again after a write at or before its last row', async () => {
      const { index, page } = await indexWith('ordered-before.sqlite', 'asc');
      const before = await index.searchFragments('events', page, 'pin');
      await index.upsert('events', [at(1, 'early')]);
      const after = await index.searchFragments('events', page, 'pin');
      expect(after.hits).not.toBe(before.hits);
      expect(after.hits[0]!.id).toBe('early');
      expect(after.total).toBe(before.total + 1);
    });

    it('newest first: kept across a write before its last row, read again after one beyond it', async () => {
      const { index, page } = await indexWith('ordered-desc.sqlite', 'desc');
      const before = await index.searchFragments('events', page, 'pin');
      await index.upsert('events', [at(1, 'early')]);
      const kept = await index.searchFragments('events', page, 'pin');
      expect(kept.hits).toBe(before.hits);
      expect(kept.total).toBe(before.total + 1);
      await index.upsert('events', [at(28, 'late')]);
      const after = await index.searchFragments('events', page, 'pin');
      expect(after.hits).not.toBe(before.hits);
      expect(after.hits[0]!.id).toBe('late');
    });

    it('the last page (no cursor follows it) is read again after any write', async () => {
      const { index, page } = await indexWith('ordered-last.sqlite', 'asc');
      const last = { ...page, offset: 130 };
      const before = await index.searchFragments('events', last, 'pin');
      expect(before.nextCursor).toBeNull();
      await index.upsert('events', [at(28, 'late')]);
      const after = await index.searchFragments('events', last, 'pin');
      expect(after.hits).not.toBe(before.hits);
      expect(after.hits.map((hit) => hit.id)).toContain('late');
    });
  });
});
