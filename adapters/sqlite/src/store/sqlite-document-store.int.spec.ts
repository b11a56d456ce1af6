import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDocumentStore, createTempDataDir } from '@evently/platform/testing';
import { createSqliteDocumentStore } from './sqlite-document-store.ts';
import { engineOf } from './sqlite-engine.ts';

interface Note {
  title: string;
  slug?: string;
}

testDocumentStore(async () => {
  const temp = await createTempDataDir();
  const store = await createSqliteDocumentStore({ file: join(temp.dir, 'evently.db') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await temp.remove();
    },
  };
}, 'sqlite');

describe('SQLite document store specifics', () => {
  const open = async () => {
    const temp = await createTempDataDir();
    const file = join(temp.dir, 'data', 'evently.db');
    const store = await createSqliteDocumentStore({ file });
    await store.init([{ name: 'notes', unique: [['slug']], indexes: [['title']], containsFields: ['title'] }]);
    return { temp, file, store };
  };

  it('keeps documents and counters across close and reopen of the file', async () => {
    const { temp, file, store } = await open();
    await store.transaction((tx) => tx.insert<Note>('notes', { id: 'n1', title: 'Hello' }));
    await store.nextCounter('ticket:2025');
    await store.close();
    const reopened = await createSqliteDocumentStore({ file });
    await reopened.init([{ name: 'notes', unique: [['slug']] }]);
    expect(await reopened.get('notes', 'n1')).toMatchObject({ title: 'Hello' });
    expect(await reopened.nextCounter('ticket:2025')).toBe(2);
    await reopened.close();
    await temp.remove();
  });

  it('contains folds non-ASCII case', async () => {
    const { temp, store } = await open();
    await store.transaction((tx) => tx.insert<Note>('notes', { id: 'n1', title: 'Konzert in Zürich' }));
    expect(await store.count('notes', { title: { contains: 'ZÜRICH' } })).toBe(1);
    await store.close();
    await temp.remove();
  });

  it('a store call nested inside a transaction is refused instead of deadlocking', async () => {
    const { temp, store } = await open();
    await expect(store.transaction(() => store.nextCounter('x'))).rejects.toThrow(/nested/);
    await expect(store.transaction(() => store.transaction(async () => 1))).rejects.toThrow(/nested/);
    expect(await store.nextCounter('x')).toBe(1);
    // Work started inside a callback but run after the commit is not nested.
    let later!: Promise<number>;
    await store.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 1)).then(() => store.nextCounter('x'));
    });
    expect(await later).toBe(2);
    await store.close();
    await temp.remove();
  });

  it('a transaction object used after its commit is refused', async () => {
    const { temp, store } = await open();
    let leaked: Parameters<Parameters<typeof store.transaction>[0]>[0] | undefined;
    await store.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.insert<Note>('notes', { title: 'late' })).rejects.toThrow(/already finished/);
    expect(await store.count('notes')).toBe(0);
    await store.close();
    await temp.remove();
  });

  it('dropping a unique constraint from the spec lifts it', async () => {
    const { temp, store } = await open();
    await store.transaction((tx) => tx.insert<Note>('notes', { title: 'a', slug: 's' }));
    await store.init([{ name: 'notes' }]);
    await store.transaction((tx) => tx.insert<Note>('notes', { title: 'b', slug: 's' }));
    expect(await store.count('notes', { slug: 's' })).toBe(2);
    await store.close();
    await temp.remove();
  });

  it('an undeclared collection is reported by name', async () => {
    const { temp, store } = await open();
    await expect(store.get('nope', 'x')).rejects.toThrow(/"nope" is not initialised/);
    await store.close();
    await temp.remove();
  });

  it('waits without blocking the event loop while another connection holds the write lock', async () => {
    const { temp, file, store } = await open();
    const otherProcess = new Database(file);
    otherProcess.exec('BEGIN IMMEDIATE');
    // The lock is released by a timer: the transaction below can only succeed if its wait lets timers run.
    setTimeout(() => otherProcess.exec('COMMIT'), 50);
    const saved = await store.transaction((tx) => tx.insert<Note>('notes', { title: 'after the lock' }));
    expect(await store.get<Note>('notes', saved.id)).toMatchObject({ title: 'after the lock' });
    otherProcess.close();
    await store.close();
    await temp.remove();
  });

  it("answers another connection's write lock as busy at once, so no wait ever holds the event loop", async () => {
    const { temp, file, store } = await open();
    const engine = engineOf(store);
    const otherProcess = new Database(file);
    otherProcess.exec('BEGIN IMMEDIATE');
    // SQLite's own busy handler sleeps on the calling thread: none at all, or requests would wait with it.
    expect(engine.writer.pragma('busy_timeout', { simple: true })).toBe(0);
    expect(() => engine.writer.exec('BEGIN IMMEDIATE')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    otherProcess.exec('COMMIT');
    otherProcess.close();
    await store.close();
    await temp.remove();
  });

  it('records applied schema migrations and refuses a file written by newer code', async () => {
    const { temp, file, store } = await open();
    await store.close();
    const raw = new Database(file);
    expect(raw.prepare('SELECT version FROM schema_migrations ORDER BY version').all()).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
    raw
      .prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
      .run(999, 'from the future', new Date().toISOString());
    raw.close();
    await expect(createSqliteDocumentStore({ file })).rejects.toThrow(/schema version 999 is newer/);
    await temp.remove();
  });
});
