/**
 * Checkpoints off the serving connection (wal-checkpointer.ts): that connection never checkpoints on commit,
 * the thread's passive checkpoints keep the WAL bounded under sustained writes, and the thread runs on its own
 * timer. The store and the search index hand their checkpoints to it when asked.
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDataDir, waitFor } from '@evently/platform/testing';
import { startWalCheckpointer } from './wal-checkpointer.ts';
import { createSqliteDocumentStore } from './sqlite-document-store.ts';
import { engineOf } from './sqlite-engine.ts';
import { createSqliteSearchIndex } from '../search/sqlite-search-index.ts';

const PAGE = 4096;
/** SQLite's automatic checkpoint threshold, in pages. */
const AUTOMATIC = 1000;
const HOUR = 3_600_000;

let temp: { dir: string; remove: () => Promise<void> };
beforeAll(async () => {
  temp = await createTempDataDir('evently-wal-');
});
afterAll(async () => {
  await temp.remove();
});

const walBytes = (file: string): number => {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
};

/** A writing connection as the engines open theirs, with a table of about a page a row. */
function openWriter(name: string): { db: Database.Database; file: string; write: (rows: number) => void } {
  const file = join(temp.dir, `${name}.db`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body BLOB)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (randomblob(3000))');
  // One transaction per call, as a projector batch commits.
  const write = db.transaction((rows: number) => {
    for (let i = 0; i < rows; i++) insert.run();
  });
  return { db, file, write };
}

describe('WAL checkpoints in a worker thread', () => {
  it('the serving connection never checkpoints; the thread keeps the WAL bounded under sustained writes', async () => {
    const { db, file, write } = openWriter('sustained');
    const checkpointer = startWalCheckpointer(db, { intervalMs: HOUR });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // Three times SQLite's threshold with no checkpoint: the serving connection let the WAL grow.
    for (let i = 0; i < 30; i++) write(100);
    expect(walBytes(file)).toBeGreaterThan(3 * AUTOMATIC * PAGE);

    const first = await checkpointer.checkpointNow();
    expect(first.log).toBeGreaterThan(3 * AUTOMATIC);
    expect(first.checkpointed).toBe(first.log);
    const fileAfterBurst = walBytes(file);
    // Rounds of writes, each followed by the thread's checkpoint: the next writer starts the WAL over, so it
    // holds about a round (~500 pages), where without checkpoints it would hold them all.
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 10; i++) write(50);
      const result = await checkpointer.checkpointNow();
      expect(result.log).toBeLessThan(AUTOMATIC);
      expect(result.checkpointed).toBe(result.log);
    }
    // The file is reused from its start, not grown (and trimmed to the size limit after a larger burst).
    expect(walBytes(file)).toBeLessThanOrEqual(fileAfterBurst);
    expect(checkpointer.runs).toBe(11);
    await checkpointer.close();
    db.close();
  });

  it('checkpoints on its own timer', async () => {
    const { db, write } = openWriter('timer');
    const checkpointer = startWalCheckpointer(db, { intervalMs: 10 });
    write(200);
    await waitFor(() => checkpointer.runs >= 2, 'two checkpoints of the timer');
    // The timer's checkpoint copied everything: this write starts the WAL over.
    write(1);
    expect((await checkpointer.checkpointNow()).log).toBeLessThan(10);
    await checkpointer.close();
    db.close();
  });
});

describe('when the thread fails, the serving connection checkpoints by itself again', () => {
  /** A thread module written for the case, in place of the real one. */
  const threadModule = (name: string, source: string): URL => {
    const file = join(temp.dir, `${name}.mjs`);
    writeFileSync(file, source);
    return pathToFileURL(file);
  };
  /** Thread code answering asked checkpoints (`answer(n)` gives the reply to the n-th), besides `close`. */
  const answering = (answer: string) => `
    import { parentPort } from 'node:worker_threads';
    let asked = 0;
    const answer = ${answer};
    parentPort.on('message', (message) => {
      if (message.type === 'close') return parentPort.close();
      if (message.type === 'checkpoint') answer(++asked, message.id);
    });`;
  const ok = 'parentPort.postMessage({ id, result: { busy: 0, log: 0, checkpointed: 0 } })';
  const failing = "parentPort.postMessage({ id, error: 'disk I/O error' })";

  /** After the fallback, three times SQLite's threshold written leaves a WAL of about the threshold. */
  const expectBoundedWal = (db: Database.Database, file: string, write: (rows: number) => void) => {
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOMATIC);
    for (let i = 0; i < 30; i++) write(100);
    expect(walBytes(file)).toBeLessThan(1.3 * AUTOMATIC * PAGE);
  };

  it('a thread that cannot load', async () => {
    const { db, file, write } = openWriter('cannot-load');
    const failures: Error[] = [];
    const checkpointer = startWalCheckpointer(db, {
      intervalMs: 10,
      threadEntry: threadModule('cannot-load', "throw new Error('the driver did not load in this thread');"),
      onFailure: (error) => failures.push(error),
    });
    await waitFor(() => failures.length > 0, 'the failure to be told');
    expect(failures.map((error) => error.message)).toEqual(['the driver did not load in this thread']);
    await expect(checkpointer.checkpointNow()).rejects.toThrow('the driver did not load');
    expectBoundedWal(db, file, write);
    await checkpointer.close();
    db.close();
  });

  it('a thread that cannot be started at all', async () => {
    const { db, file, write } = openWriter('cannot-start');
    const failures: Error[] = [];
    const checkpointer = startWalCheckpointer(db, {
      threadEntry: new URL('https://example.invalid/wal-checkpoint.mjs'),
      onFailure: (error) => failures.push(error),
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/did not start/);
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/did not start/);
    expectBoundedWal(db, file, write);
    await checkpointer.close();
    db.close();
  });

  it('a thread that dies after it has checkpointed', async () => {
    const { db, file, write } = openWriter('dies');
    const failures: Error[] = [];
    const checkpointer = startWalCheckpointer(db, {
      intervalMs: HOUR,
      threadEntry: threadModule('dies', answering(`(n, id) => (n === 1 ? ${ok} : process.exit(7))`)),
      onFailure: (error) => failures.push(error),
    });
    await checkpointer.checkpointNow();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/exited \(7\)/);
    expect(failures).toHaveLength(1);
    expectBoundedWal(db, file, write);
    await checkpointer.close();
    db.close();
  });

  it('a thread whose checkpoints fail three times in a row, and not before', async () => {
    const { db, file, write } = openWriter('failing');
    const failures: Error[] = [];
    const checkpointer = startWalCheckpointer(db, {
      intervalMs: HOUR,
      threadEntry: threadModule('failing', answering(`(n, id) => (n === 3 ? ${ok} : ${failing})`)),
      onFailure: (error) => failures.push(error),
    });
    // Two failures, then a success: the count starts again.
    await expect(checkpointer.checkpointNow()).rejects.toThrow('disk I/O error');
    await expect(checkpointer.checkpointNow()).rejects.toThrow('disk I/O error');
    await checkpointer.checkpointNow();
    await expect(checkpointer.checkpointNow()).rejects.toThrow('disk I/O error');
    await expect(checkpointer.checkpointNow()).rejects.toThrow('disk I/O error');
    expect(failures).toEqual([]);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await expect(checkpointer.checkpointNow()).rejects.toThrow('disk I/O error');
    expect(failures.map((error) => error.message)).toEqual([expect.stringContaining('disk I/O error')]);
    await expect(checkpointer.checkpointNow()).rejects.toThrow('disk I/O error');
    expectBoundedWal(db, file, write);
    await checkpointer.close();
    db.close();
  });
});

describe('the embedded engines with background checkpoints', () => {
  it('the store and the search index stop checkpointing on commit and give it to the thread', async () => {
    const store = await createSqliteDocumentStore({
      file: join(temp.dir, 'store.db'),
      backgroundCheckpoints: { intervalMs: HOUR },
    });
    const engine = engineOf(store);
    expect(engine.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(await engine.walCheckpointer?.checkpointNow()).toMatchObject({ busy: 0 });
    await store.close();

    const plain = await createSqliteDocumentStore({ file: join(temp.dir, 'plain.db') });
    expect(engineOf(plain).writer.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOMATIC);
    expect(engineOf(plain).walCheckpointer).toBeNull();
    await plain.close();

    const searchFile = join(temp.dir, 'search.db');
    const search = createSqliteSearchIndex({
      file: searchFile,
      readerThreads: 0,
      backgroundCheckpoints: { intervalMs: HOUR },
    });
    await search.init({ name: 'things', fields: { title: { type: 'text' } } });
    const long = 'word '.repeat(600);
    for (let batch = 0; batch < 12; batch++)
      await search.upsert(
        'things',
        Array.from({ length: 100 }, (_, i) => ({ id: `${batch}-${i}`, title: `${long} ${batch} ${i}` })),
      );
    // The projector's commits left every page in the WAL: its connection did not checkpoint.
    expect(walBytes(searchFile)).toBeGreaterThan(1.2 * AUTOMATIC * PAGE);
    await search.close();
  });
});
