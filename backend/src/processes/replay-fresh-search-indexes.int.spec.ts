/**
 * Losing the search file while the store and log survive: the next worker start notices the empty index and
 * replays the events projector from the start of the log, so the catalogue is searchable again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from './server-process.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(dataDir: string): Promise<RunningServer> {
  const config = loadConfig({ ADMIN_PASSWORD: 'replay-test-password', LOG_LEVEL: 'silent', DEMO_DATA: 'false', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
  const server = await startServer({ config, logger: silentLogger(), roles: { api: true, worker: true }, announceAdminPassword: false, env: {} });
  cleanups.push(() => server.stop());
  return server;
}

async function total(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/api/events?per_page=1`);
  return ((await response.json()) as { pagination: { total: number } }).pagination.total;
}

describe('a lost search index', () => {
  it('is refilled from the log on the next worker start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'evently-replay-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const first = await start(dataDir);
    const soon = Date.now() + 3 * 86_400_000;
    for (let i = 0; i < 3; i += 1) {
      await first.composition.events.commands.upsertFromSource(
        { source: 'demo', external_id: `replay-${i}`, name: `Replay Concert ${i}`, category: 'Music & Concerts', start_utc: new Date(soon + i * 3_600_000).toISOString() },
      );
    }
    await first.composition.projectors.drained();
    expect(await total(first)).toBe(3);
    await first.stop();

    for (const file of await readdir(dataDir)) {
      if (file.startsWith('search.db')) await rm(path.join(dataDir, file));
    }

    const second = await start(dataDir);
    expect(second.composition.createdSearchIndexes.has('events')).toBe(true);
    expect(await total(second)).toBe(3);
  });
});
