/**
 * `npm run reindex` as a process: after a seed, rebuilding from offset zero replays every message, reports
 * it, and leaves the same searchable catalogue behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { createStoreLease } from '@evently/platform';
import { EMBEDDED_FILES } from '../adapters.ts';
import { REBUILD_LEASE } from '../compose.ts';
import { logRecord, spawnBackend, type BackendProcess } from '../testing/spawn-backend.ts';
import { REINDEX_BUSY_EXIT } from './reindex.ts';

const running: BackendProcess[] = [];
let dataDir: string | undefined;

afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.kill('SIGKILL')));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function start(args: string[], env: Record<string, string>): BackendProcess {
  const backend = spawnBackend(args, env);
  running.push(backend);
  return backend;
}

describe('reindex process', () => {
  it('replays the whole log into a fresh index and keeps every event searchable', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evently-reindex-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'reindex-test-password',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    };

    expect(await start(['seed', '--events', '80'], env).exited).toBe(0);

    const reindex = start(['reindex', 'events-search'], env);
    expect(await reindex.exited).toBe(0);
    expect(reindex.lines).toContain('reindex: events-search: replaying 80 messages from offset zero');
    expect(reindex.lines.some((line) => /^reindex: events-search: 80\/80 messages applied/.test(line))).toBe(true);

    const app = start(['api'], { ...env, LOG_LEVEL: 'info' });
    const url = String(
      logRecord(await app.waitForLine((line) => String(logRecord(line)?.msg ?? '').endsWith('is listening')))?.url,
    );
    const body = (await (await fetch(`${url}/api/events?per_page=1`)).json()) as { pagination: { total: number } };
    expect(body.pagination.total).toBe(80);
  });

  it('runs beside a running worker, which keeps serving; refuses while another process rebuilds', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evently-reindex-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'reindex-test-password',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    };
    expect(await start(['seed', '--events', '30'], env).exited).toBe(0);
    const worker = start(['all'], { ...env, LOG_LEVEL: 'info' });
    const url = String(
      logRecord(await worker.waitForLine((line) => String(logRecord(line)?.msg ?? '').endsWith('is listening')))?.url,
    );
    await worker.waitForLine((line) => logRecord(line)?.msg === 'worker started');

    const beside = start(['reindex', 'events-search'], env);
    expect(await beside.exited).toBe(0);
    expect(beside.lines.some((line) => /^reindex: events-search: 30\/30 messages applied/.test(line))).toBe(true);
    const total = async () =>
      ((await (await fetch(`${url}/api/events?per_page=1`)).json()) as { pagination: { total: number } }).pagination
        .total;
    expect(await total()).toBe(30);

    // Another process holds the rebuild lease (a worker rebuilding after a schema change, say).
    const store = await createSqliteDocumentStore({ file: path.join(dataDir, EMBEDDED_FILES.store) });
    try {
      expect(
        await createStoreLease({ store, name: REBUILD_LEASE, holder: 'worker-elsewhere', ttlMs: 120_000 }).acquire(),
      ).toBe(true);
      const refused = start(['reindex'], env);
      expect(await refused.exited).toBe(REINDEX_BUSY_EXIT);
      expect(refused.stderr()).toMatch(/^reindex: Another process \(worker-elsewhere\) is rebuilding read models now/m);
    } finally {
      await store.close();
    }
    expect(await total()).toBe(30);
  });

  it('names the known projectors when asked for an unknown one', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evently-reindex-'));
    const reindex = start(['reindex', 'nope'], { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
    expect(await reindex.exited).toBe(2);
    expect(reindex.stderr().trim()).toMatch(/^Unknown projector nope; known: events-search/);
  });
});
