/**
 * `npm run reindex` as a process: after a seed, rebuilding from offset zero replays every message, reports
 * it, and leaves the same searchable catalogue behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logRecord, spawnBackend, type BackendProcess } from '../testing/spawn-backend.ts';

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
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'reindex-test-password', DEMO_DATA: 'false', LOG_LEVEL: 'warn' };

    expect(await start(['seed', '--events', '80'], env).exited).toBe(0);

    const reindex = start(['reindex', 'events-search'], env);
    expect(await reindex.exited).toBe(0);
    expect(reindex.lines).toContain('reindex: events-search: replaying 80 messages from offset zero');
    expect(reindex.lines.some((line) => /^reindex: events-search: 80\/80 messages applied/.test(line))).toBe(true);

    const app = start(['api'], { ...env, LOG_LEVEL: 'info' });
    const url = String(logRecord(await app.waitForLine((line) => String(logRecord(line)?.msg ?? '').endsWith('is listening')))?.url);
    const body = (await (await fetch(`${url}/api/events?per_page=1`)).json()) as { pagination: { total: number } };
    expect(body.pagination.total).toBe(80);
  });

  it('names the known projectors when asked for an unknown one', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evently-reindex-'));
    const reindex = start(['reindex', 'nope'], { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
    expect(await reindex.exited).toBe(2);
    expect(reindex.stderr().trim()).toMatch(/^Unknown projector nope; known: events-search/);
  });
});
