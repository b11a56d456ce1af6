import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTempDataDir, berlin, contractSchema, fixtureEvents } from '@evently/platform/testing';
import type { SearchIndex, SearchQuery } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';
import { createReaderPool } from './reader-pool.ts';

let dataDir: { dir: string; remove: () => Promise<void> };
let files = 0;
const nextFile = () => join(dataDir.dir, `readers-${files++}.sqlite`);

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-search-readers-');
});
afterAll(async () => {
  await dataDir.remove();
});

async function openFilled(): Promise<SearchIndex> {
  const search = createSqliteSearchIndex({ file: nextFile(), readerThreads: 2 });
  await search.init(contractSchema('events'));
  await search.upsert('events', fixtureEvents);
  return search;
}

/** Several reads at once, so both reader threads answer (and cache) the same queries. */
const onBothReaders = <T>(read: () => Promise<T>): Promise<T[]> => Promise.all([read(), read(), read(), read()]);

describe('SQLite SearchIndex reader threads', () => {
  it('a read after an acknowledged write sees it, cached totals and facets included', async () => {
    const search = await openFilled();
    const upcoming = { filters: [{ op: 'range' as const, field: 'price', gte: 0 }] };
    const before = await search.count('events', upcoming);
    const facetsBefore = await search.facets('events', { terms: ['country'] });
    expect(await onBothReaders(() => search.count('events', upcoming))).toEqual([before, before, before, before]);

    for (let n = 1; n <= 5; n++) {
      await search.upsert('events', [
        { ...fixtureEvents[0]!, id: `extra-${n}`, name: `Zyzzyva night ${n}`, price: 5, country: 'ZZ' },
      ]);
      expect(await onBothReaders(() => search.count('events', upcoming))).toEqual([
        before + n,
        before + n,
        before + n,
        before + n,
      ]);
      const page = await search.search('events', { text: 'zyzzyva', limit: 1 });
      expect(page.total).toBe(n);
      const facets = await search.facets('events', { terms: ['country'] });
      expect(facets.terms.country).toContainEqual({ value: 'ZZ', count: n });
    }
    await search.delete('events', ['extra-1']);
    expect(await search.count('events', upcoming)).toBe(before + 4);
    expect((await search.facets('events', { terms: ['country'] })).terms.country).not.toEqual(
      facetsBefore.terms.country,
    );
    await search.close();
  });

  it('after a rebuild commits, every reader thread queries the new copy', async () => {
    const search = await openFilled();
    expect(await onBothReaders(() => search.count('events', {}))).toEqual(Array(4).fill(fixtureEvents.length));
    const rebuild = await search.beginRebuild('events');
    await rebuild.upsert(fixtureEvents.slice(0, 2));
    expect(await search.count('events', {})).toBe(fixtureEvents.length);
    await rebuild.commit();
    expect(await onBothReaders(() => search.count('events', {}))).toEqual([2, 2, 2, 2]);
    const page = await search.search('events', { limit: 100 });
    expect(page.hits.map((hit) => hit.id).sort()).toEqual(
      fixtureEvents
        .slice(0, 2)
        .map((doc) => String(doc.id))
        .sort(),
    );
    await search.close();
  });

  it('a search answered as JSON text by a thread equals the same search read in the calling thread', async () => {
    const threads = await openFilled();
    // The same file, read without threads: the objects `search` builds (no text in between).
    const file = join(dataDir.dir, `readers-${files - 1}.sqlite`);
    const inThread = createSqliteSearchIndex({ file, readerThreads: 0 });
    await inThread.init(contractSchema('events'));
    const queries: SearchQuery[] = [
      {},
      { limit: 3, sort: [{ by: 'field', field: 'price', direction: 'desc' }] },
      { text: 'jazz', sort: [{ by: 'relevance' }] },
      { fields: ['name', 'image_url', 'location'], limit: 5 },
      // `id` among the fields, and a field no document has: still the hit's id, and no key for the missing field.
      { fields: ['id', 'nope'], limit: 4 },
      {
        near: { field: 'location', ...berlin, radiusKm: 50 },
        sort: [{ by: 'distance', direction: 'asc' }],
        fields: ['name'],
      },
      { near: { field: 'location', ...berlin, radiusKm: 30 }, sort: [{ by: 'distance', direction: 'asc' }] },
      {
        bounds: { field: 'location', north: 0, south: -40, west: 170, east: -170 },
        sort: [{ by: 'field', field: 'date', direction: 'asc' }],
      },
      { filters: [{ op: 'eq', field: 'country', value: 'DE' }], offset: 2, limit: 2 },
      { filters: [{ op: 'eq', field: 'country', value: 'DE' }], offset: 500 },
    ];
    for (const query of queries) {
      const expected = await inThread.search('events', query);
      expect(await threads.search('events', query)).toStrictEqual(expected);
      if (expected.nextCursor) {
        const next = { ...query, after: expected.nextCursor };
        delete next.offset;
        expect(await threads.search('events', next)).toStrictEqual(await inThread.search('events', next));
      }
    }
    await inThread.close();
    await threads.close();
  });

  it('a failing query rejects with the original message and the threads keep serving', async () => {
    const search = await openFilled();
    await expect(search.facets('events', { terms: ['price'] })).rejects.toThrow('"price" is not a keyword field');
    await expect(search.search('events', { filters: [{ op: 'eq', field: 'nope', value: 1 }] })).rejects.toThrow(
      'Unknown field "nope" in index events',
    );
    await expect(search.count('missing', {})).rejects.toThrow('Search index "missing" is not initialised');
    expect(await search.count('events', {})).toBe(fixtureEvents.length);
    await search.close();
  });

  it('close ends the threads; later reads reject instead of hanging', async () => {
    const search = await openFilled();
    expect(await onBothReaders(() => search.count('events', {}))).toEqual(Array(4).fill(fixtureEvents.length));
    await search.close();
    await expect(search.search('events', {})).rejects.toThrow('Search index closed');
  });

  it('a thread that dies fails its requests with its error, and the next request gets a new thread', async () => {
    const file = nextFile();
    const pool = createReaderPool({ file, size: 1, commonTextDocuments: 0 });
    // No file yet: the thread's read-only connection cannot open, so the thread dies on start.
    await expect(pool.run({ method: 'count', index: 'events', query: {} })).rejects.toThrow(
      `Search reader thread cannot open ${file}`,
    );
    const writer = createSqliteSearchIndex({ file, readerThreads: 0 });
    await writer.init(contractSchema('events'));
    await writer.upsert('events', fixtureEvents);
    expect(await pool.run({ method: 'count', index: 'events', query: {} })).toBe(fixtureEvents.length);
    await pool.close();
    await writer.close();
  });
});
