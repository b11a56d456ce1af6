/**
 * Limits hold across processes. Two api processes on one DATA_DIR (the embedded profile's shared store; on
 * the production profile the replicas share MongoDB the same way) count wrong passwords and sign-ups
 * together, and a restart does not reset the counts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@evently/platform';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../processes/server-process.ts';

const PASSWORD = 'shared-limits-password';
let dataDir: string;
const running: RunningServer[] = [];

async function startApi(): Promise<RunningServer & { url: string }> {
  const config = loadConfig({
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  });
  const server = await startServer({
    config,
    logger: createLogger({ name: 'shared-limits', level: 'silent' }),
    roles: { api: true, worker: false },
    announceAdminPassword: false,
    env: {},
  });
  running.push(server);
  return server as RunningServer & { url: string };
}

const login = (url: string, password: string) =>
  fetch(`${url}/api/support/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
const signUp = (url: string, email: string) =>
  fetch(`${url}/api/subscriptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, country: 'Portugal', city: 'Lisbon' }),
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'evently-shared-limits-'));
});
afterAll(async () => {
  for (const server of running.splice(0)) await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('rate limits shared by every process on one store', () => {
  it('given wrong passwords spread over two api processes, then both make the address wait, and a restart does not forget it', async () => {
    const a = await startApi();
    const b = await startApi();
    // Five are free; the sixth starts a one-second wait, counted in the store both processes share.
    for (let i = 0; i < 3; i += 1) expect((await login(a.url, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await login(b.url, `wrong-b-${i}`)).status).toBe(401);
    expect((await login(a.url, PASSWORD)).status).toBe(429);
    expect((await login(b.url, PASSWORD)).status).toBe(429);

    await a.stop();
    const restarted = await startApi();
    // Once the wait is over, a seventh wrong guess is checked; the count it adds to survived the restart, so the
    // next wait is two seconds, not none.
    await expect
      .poll(async () => (await login(restarted.url, 'wrong-after-restart')).status, { timeout: 15_000, interval: 250 })
      .toBe(401);
    const waiting = await login(restarted.url, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('given sign-ups spread over two api processes, then the per-address limit counts them together', async () => {
    const [a, b] = running.slice(-2) as [RunningServer & { url: string }, RunningServer & { url: string }];
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await signUp(i % 2 ? a.url : b.url, `reader${i}@example.com`)).status);
    expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
