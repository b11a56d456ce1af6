/**
 * `api` and `worker` as separate processes on one embedded DATA_DIR, as docker-compose runs them against the
 * production engines: what the api commits, the running worker picks up from the shared log.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { logRecord, spawnBackend, type BackendProcess } from '../testing/spawn-backend.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'evently-roles-'));
const running: BackendProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((backend) => backend.kill('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

const mailCount = () => {
  try {
    return readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

describe('api and worker in separate processes', () => {
  it('projects a sign-up made through the api in the running worker', async () => {
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'split-roles-password',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
    };
    const worker = spawnBackend(['worker'], env);
    running.push(worker);
    await worker.waitForLine((line) => logRecord(line)?.msg === 'worker started');
    const api = spawnBackend(['api'], env);
    running.push(api);
    const url = String(
      logRecord(await api.waitForLine((line) => String(logRecord(line)?.msg ?? '').endsWith('is listening')))?.url,
    );

    const res = await fetch(`${url}/api/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'split@example.com', country: 'France', city: 'Paris' }),
    });
    expect(res.status).toBe(202);

    await waitFor(() => mailCount() > 0, 'the confirmation mail', 30_000);
    expect(mailCount()).toBe(1);

    expect(await api.kill('SIGTERM')).toBe(0);
    expect(await worker.kill('SIGTERM')).toBe(0);
  });
});
