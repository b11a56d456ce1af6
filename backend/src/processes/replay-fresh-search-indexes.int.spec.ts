/**
 * Losing the search file while the store and log survive: the next worker start notices the empty index and
 * rebuilds the events projector from the start of the log, so the catalogue is searchable again. A worker
 * that finds another process rebuilding starts anyway and waits for it, and a copy an unfinished rebuild left
 * behind is removed.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore, createSqliteSearchIndex } from '@evently/sqlite';
import { createStoreLease, silentLogger } from '@evently/platform';
import { EMBEDDED_FILES } from '../adapters.ts';
import { REBUILD_LEASE } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from './server-process.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(dataDir: string): Promise<RunningServer> {
  const config = loadConfig({
    ADMIN_PASSWORD: 'replay-test-password',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  });
  const server = await startServer({
    config,
    logger: silentLogger(),
    roles: { api: true, worker: true },
    announceAdminPassword: false,
    env: {},
  });
  cleanups.push(() => server.stop());
  return server;
}

async function total(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/api/events?per_page=1`);
  return ((await response.json()) as { pagination: { total: number } }).pagination.total;
}

async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'evently-replay-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** A first api and worker on `dataDir` with `count` upcoming events written and projected. */
async function startWithEvents(dataDir: string, label: string, count: number): Promise<RunningServer> {
  const server = await start(dataDir);
  const soon = Date.now() + 3 * 86_400_000;
  for (let i = 0; i < count; i += 1) {
    await server.composition.events.commands.upsertFromSource({
      source: 'demo',
      external_id: `${label.toLowerCase()}-${i}`,
      name: `${label} Concert ${i}`,
      category: 'Music & Concerts',
      start_utc: new Date(soon + i * 3_600_000).toISOString(),
    });
  }
  await server.composition.projectors.drained();
  return server;
}

async function loseSearchFile(dataDir: string): Promise<void> {
  for (const file of await readdir(dataDir)) {
    if (file.startsWith('search.db')) await rm(path.join(dataDir, file));
  }
}

/** What a rebuild that died half-way leaves: a copy of the events index beside the serving one. */
async function leaveHalfWayCopy(dataDir: string, server: RunningServer): Promise<void> {
  const crashed = createSqliteSearchIndex({ file: path.join(dataDir, EMBEDDED_FILES.search), readerThreads: 0 });
  await crashed.init(server.composition.modules.flatMap((m) => m.searchSchemas).find((s) => s.name === 'events')!);
  await (await crashed.beginRebuild('events')).upsert([{ id: 'half-way', name: 'Left Behind', aggregate_version: 1 }]);
  await crashed.close();
}

describe('a lost search index', () => {
  it('is refilled from the log on the next worker start', async () => {
    const dataDir = await newDataDir();
    const first = await startWithEvents(dataDir, 'Replay', 3);
    expect(await total(first)).toBe(3);
    await first.stop();
    await loseSearchFile(dataDir);

    const second = await start(dataDir);
    expect(second.composition.createdSearchIndexes.has('events')).toBe(true);
    expect(await second.searchRebuild).toContain('events-search');
    expect(await total(second)).toBe(3);
  });

  it('a worker that finds another process rebuilding starts anyway, waits for it, then rebuilds and removes leftover copies', async () => {
    const dataDir = await newDataDir();
    const first = await startWithEvents(dataDir, 'Standby', 2);
    await first.stop();
    // The search file was lost, and a rebuild that died half-way since left a copy in the new one.
    await loseSearchFile(dataDir);
    await leaveHalfWayCopy(dataDir, first);
    const store = await createSqliteDocumentStore({ file: path.join(dataDir, EMBEDDED_FILES.store) });
    cleanups.push(() => store.close());
    const other = createStoreLease({ store, name: REBUILD_LEASE, holder: 'another-worker', ttlMs: 60_000 });
    expect(await other.acquire()).toBe(true);
    // The serving copy is empty, so the new worker needs a rebuild, while another process holds the lease.

    const second = await start(dataDir);
    let settled = false;
    void second.searchRebuild.then(() => (settled = true));
    // Started and serving (no crash), its rebuild waiting behind the other process.
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await total(second)).toBe(0);
    expect(settled).toBe(false);
    await other.release();
    expect(await second.searchRebuild).toContain('events-search');
    expect(await total(second)).toBe(2);
    // The half-way copy went when this worker took the lease.
    expect(await second.composition.search.dropUnusedCopies('events')).toEqual([]);
  });

  it('a worker start that does not rebuild the events index still removes a copy of it an unfinished rebuild left', async () => {
    const dataDir = await newDataDir();
    const first = await startWithEvents(dataDir, 'Kept', 1);
    await first.searchRebuild;
    await first.stop();
    await leaveHalfWayCopy(dataDir, first);

    const second = await start(dataDir);
    // The events index is whole: not rebuilt (indexes that are legitimately empty are replayed, cheaply).
    expect(await second.searchRebuild).not.toContain('events-search');
    expect(await second.composition.search.dropUnusedCopies('events')).toEqual([]);
    expect(await total(second)).toBe(1);
  });
});
