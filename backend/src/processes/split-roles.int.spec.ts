/**
 * `api` and `worker` as separate processes on one embedded DATA_DIR, as docker-compose runs them against the
 * production engines: what the api commits, the running worker picks up from the shared log.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { backendProcesses, logMessage } from '../testing/backend-processes.ts';

const backends = backendProcesses({ prefix: 'evently-roles-', scope: 'file' });
const dataDir = backends.dataDir();

const mailCount = () => {
  try {
    return readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

describe('api and worker in separate processes', () => {
  it('projects a sign-up made through the api in the running worker', async () => {
    const env = backends.embeddedEnv({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'split-roles-password' });
    const worker = backends.spawn(['worker'], env);
    await worker.waitForLine((line) => logMessage(line) === 'worker started');
    const api = await backends.startRole(['api'], env);

    const res = await fetch(`${api.url}/api/subscriptions`, {
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
