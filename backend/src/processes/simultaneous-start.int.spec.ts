/**
 * `worker`, `api` and `ingest` started at the same moment on a fresh DATA_DIR, as `docker compose up` or a
 * deploy script may do: every role gets through the embedded engines' setup on the first try (the api answers
 * /readyz, the worker says it started, ingest finishes its run) instead of one of them stopping with
 * `database is locked`.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { logRecord, spawnBackend, type BackendProcess } from '../testing/spawn-backend.ts';

const ROUNDS = 3;
const SAMPLE_FEED = path.resolve(import.meta.dirname, '../../../ingestion/samples/fever/plans-page-3.json');
const running: BackendProcess[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.kill('SIGKILL')));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const messageOf = (line: string) => String(logRecord(line)?.msg ?? '');

async function startAllAtOnce(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'evently-together-'));
  folders.push(dataDir);
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'started-together-password',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  };
  const worker = spawnBackend(['worker'], env);
  const api = spawnBackend(['api'], env);
  const ingest = spawnBackend(['ingest', '--source', 'file', '--path', SAMPLE_FEED], env);
  running.push(worker, api, ingest);

  const [url] = await Promise.all([
    api
      .waitForLine((line) => messageOf(line).endsWith('is listening'), 120_000)
      .then((line) => String(logRecord(line)?.url)),
    worker.waitForLine((line) => messageOf(line) === 'worker started', 120_000),
  ]);
  let ready = 0;
  await waitFor(
    async () => {
      ready = (await fetch(`${url}/readyz`)).status;
      return ready === 200;
    },
    'the api to be ready',
    60_000,
  );
  expect(await ingest.exited, ingest.stderr()).toBe(0);
  // A lock met while projecting is waited for and logged; only a stack trace means a role stopped on one.
  for (const backend of [worker, api, ingest]) expect(backend.stderr()).not.toMatch(/^SqliteError/m);
  expect(await api.kill('SIGTERM')).toBe(0);
  expect(await worker.kill('SIGTERM')).toBe(0);
}

describe('roles started at the same moment on a fresh data folder', () => {
  it(`all reach readiness or finish, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) await startAllAtOnce();
  }, 400_000);
});
