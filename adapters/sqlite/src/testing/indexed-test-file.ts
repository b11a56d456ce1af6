/**
 * For specs that compare the adapter with SQL they build themselves: an embedded index of the contract schema
 * loaded with `docs`, plus a read-only connection to its file and the live layout, to prepare statements on.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { createTempDataDir, contractSchema } from '@evently/platform/testing';
import type { IndexDocument, IndexSchema, SearchIndex } from '@evently/platform';
import { createSqliteSearchIndex, type SqliteSearchIndexOptions } from '../search/sqlite-search-index.ts';
import { layoutFor, type IndexLayout } from '../search/index-layout.ts';

export interface IndexedTestFile {
  search: SearchIndex;
  db: Database.Database;
  layout: IndexLayout;
  close(): Promise<void>;
}

export async function openIndexedTestFile(
  prefix: string,
  docs: IndexDocument[],
  options: Omit<SqliteSearchIndexOptions, 'file'> = {},
): Promise<IndexedTestFile> {
  const dataDir = await createTempDataDir(prefix);
  const file = join(dataDir.dir, 'search.sqlite');
  const search = createSqliteSearchIndex({ file, ...options });
  await search.init(contractSchema('events'));
  await search.upsert('events', docs);
  const db = new Database(file, { readonly: true });
  const meta = db.prepare("SELECT version, schema FROM search_index_meta WHERE name = 'events'").get() as {
    version: number;
    schema: string;
  };
  return {
    search,
    db,
    layout: layoutFor(JSON.parse(meta.schema) as IndexSchema, meta.version),
    async close() {
      db.close();
      await search.close();
      await dataDir.remove();
    },
  };
}

/** The file for one spec file: opened before its tests, closed after them; its parts are read inside tests. */
export function indexedTestFileForSpec(
  prefix: string,
  docs: IndexDocument[],
  options: Omit<SqliteSearchIndexOptions, 'file'> = {},
): IndexedTestFile {
  let file: IndexedTestFile | undefined;
  beforeAll(async () => {
    file = await openIndexedTestFile(prefix, docs, options);
  });
  afterAll(() => file?.close());
  const opened = () => {
    if (!file) throw new Error('the indexed file opens in beforeAll: read it inside a test or a hook');
    return file;
  };
  return {
    get search() {
      return opened().search;
    },
    get db() {
      return opened().db;
    },
    get layout() {
      return opened().layout;
    },
    close: () => opened().close(),
  };
}
