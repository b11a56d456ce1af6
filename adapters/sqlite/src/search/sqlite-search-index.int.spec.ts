import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createTempDataDir, testSearchIndex, contractSchema, fixtureEvents } from '@evently/platform/testing';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

let dataDir: { dir: string; remove: () => Promise<void> };
let files = 0;

beforeAll(async () => {
  dataDir = await createTempDataDir('evently-search-');
});
afterAll(async () => {
  await dataDir.remove();
});

describe('SQLite SearchIndex contract, reads on the default reader threads', () => {
  testSearchIndex(() => createSqliteSearchIndex({ file: join(dataDir.dir, `search-${files++}.sqlite`) }));
});

describe('SQLite SearchIndex contract, reads in the calling thread (readerThreads 0)', () => {
  testSearchIndex(() =>
    createSqliteSearchIndex({ file: join(dataDir.dir, `search-${files++}.sqlite`), readerThreads: 0 }),
  );
});

describe('SQLite SearchIndex contract, with text matches probed from a selective filter', () => {
  testSearchIndex(() =>
    createSqliteSearchIndex({ file: join(dataDir.dir, `search-${files++}.sqlite`), commonTextDocuments: 0 }),
  );
});

describe('SQLite SearchIndex file', () => {
  it('keeps the index across reopening, and a second connection sees a rebuild at once', async () => {
    const file = join(dataDir.dir, 'shared.sqlite');
    const writer = createSqliteSearchIndex({ file });
    await writer.init(contractSchema('events'));
    await writer.upsert('events', fixtureEvents);
    const reader = createSqliteSearchIndex({ file });
    expect(await reader.init(contractSchema('events'))).toEqual({ created: false });
    expect(await reader.count('events', { text: 'jazz' })).toBe(2);

    const rebuild = await writer.beginRebuild('events');
    await rebuild.upsert(fixtureEvents.slice(0, 1));
    await rebuild.commit();
    expect(await reader.count('events', { text: 'jazz' })).toBe(1);
    expect(await reader.count('events', {})).toBe(1);
    await reader.close();
    await writer.close();
  });
});
