/**
 * `npm run reindex` as a process: after a seed, rebuilding from offset zero replays every message, reports
 * it, and leaves the same searchable catalogue behind.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { createStoreLease } from '@evently/platform';
import { EMBEDDED_FILES } from '../adapters.ts';
import { REBUILD_LEASE } from '../compose.ts';
import { backendProcesses } from '../testing/backend-processes.ts';
import { REINDEX_BUSY_EXIT } from './reindex.ts';

const backends = backendProcesses({
  prefix: 'evently-reindex-',
  env: { ADMIN_PASSWORD: 'reindex-test-password', LOG_LEVEL: 'warn' },
});

describe('reindex process', () => {
  it('replays the whole log into a fresh index and keeps every event searchable', async () => {
    const env = backends.embeddedEnv();

    expect(await backends.spawn(['seed', '--events', '80'], env).exited).toBe(0);

    const reindex = backends.spawn(['reindex', 'events-search'], env);
    expect(await reindex.exited).toBe(0);
    expect(reindex.lines).toContain('reindex: events-search: replaying 80 messages from offset zero');
    expect(reindex.lines.some((line) => /^reindex: events-search: 80\/80 messages applied/.test(line))).toBe(true);

    const app = await backends.startRole(['api'], { ...env, LOG_LEVEL: 'info' });
    const body = (await (await fetch(`${app.url}/api/events?per_page=1`)).json()) as { pagination: { total: number } };
    expect(body.pagination.total).toBe(80);
  });

  it('runs beside a running worker, which keeps serving; refuses while another process rebuilds', async () => {
    const env = backends.embeddedEnv();
    expect(await backends.spawn(['seed', '--events', '30'], env).exited).toBe(0);
    const { url } = await backends.startRole(
      ['all'],
      { ...env, LOG_LEVEL: 'info' },
      { alsoWaitFor: ['worker started'] },
    );

    const beside = backends.spawn(['reindex', 'events-search'], env);
    expect(await beside.exited).toBe(0);
    expect(beside.lines.some((line) => /^reindex: events-search: 30\/30 messages applied/.test(line))).toBe(true);
    const total = async () =>
      ((await (await fetch(`${url}/api/events?per_page=1`)).json()) as { pagination: { total: number } }).pagination
        .total;
    expect(await total()).toBe(30);

    // Another process holds the rebuild lease (a worker rebuilding after a schema change, say).
    const store = await createSqliteDocumentStore({ file: path.join(env.DATA_DIR!, EMBEDDED_FILES.store) });
    try {
      expect(
        await createStoreLease({ store, name: REBUILD_LEASE, holder: 'worker-elsewhere', ttlMs: 120_000 }).acquire(),
      ).toBe(true);
      const refused = backends.spawn(['reindex'], env);
      expect(await refused.exited).toBe(REINDEX_BUSY_EXIT);
      expect(refused.stderr()).toMatch(/^reindex: Another process \(worker-elsewhere\) is rebuilding read models now/m);
    } finally {
      await store.close();
    }
    expect(await total()).toBe(30);
  });

  it('names the known projectors when asked for an unknown one', async () => {
    const reindex = backends.spawn(['reindex', 'nope'], {
      DATA_DIR: backends.dataDir(),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(await reindex.exited).toBe(2);
    expect(reindex.stderr().trim()).toMatch(/^Unknown projector nope; known: events-search/);
  });
});
