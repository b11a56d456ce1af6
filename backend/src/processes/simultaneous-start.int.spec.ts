/**
 * `worker`, `api` and `ingest` started at the same moment on a fresh DATA_DIR, as `docker compose up` or a
 * deploy script may do: every role gets through the embedded engines' setup on the first try (the api answers
 * /readyz, the worker says it started, ingest finishes its run) instead of one of them stopping with
 * `database is locked`.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { backendProcesses, logMessage } from '../testing/backend-processes.ts';

const ROUNDS = 3;
const SAMPLE_FEED = path.resolve(import.meta.dirname, '../../../ingestion/samples/fever/plans-page-3.json');
const backends = backendProcesses({
  prefix: 'evently-together-',
  env: { ADMIN_PASSWORD: 'started-together-password' },
});

async function startAllAtOnce(): Promise<void> {
  const env = backends.embeddedEnv();
  const worker = backends.spawn(['worker'], env);
  const starting = backends.startRole(['api'], env, { timeoutMs: 120_000 });
  const ingest = backends.spawn(['ingest', '--source', 'file', '--path', SAMPLE_FEED], env);

  const [api] = await Promise.all([
    starting,
    worker.waitForLine((line) => logMessage(line) === 'worker started', 120_000),
  ]);
  const url = api.url;
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
