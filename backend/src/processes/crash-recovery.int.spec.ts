/**
 * SIGKILL between a committed write and its projection loses nothing: the write and its outbox record commit
 * together, so a restarted worker finds the message in the log and projects it. Runs the real backend as a
 * child process on a temporary DATA_DIR.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendProcesses } from '../testing/backend-processes.ts';

const backends = backendProcesses({ prefix: 'evently-crash-', env: { ADMIN_PASSWORD: 'crash-test-password' } });

const mailFiles = (dataDir: string): string[] => {
  try {
    return readdirSync(path.join(dataDir, 'mail')).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('crash recovery (process level)', () => {
  it('delivers every committed sign-up confirmation after the api is killed before any worker ran', async () => {
    const env = backends.embeddedEnv();
    const api = await backends.startRole(['api'], env);
    const emails = ['ada@example.com', 'grace@example.com', 'alan@example.com'];
    for (const email of emails) {
      const res = await fetch(`${api.url}/api/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, country: 'Germany', city: 'Berlin' }),
      });
      expect(res.status).toBe(202);
    }
    // The api role runs no consumers: the confirmations exist only as messages in the log so far.
    expect(mailFiles(env.DATA_DIR!)).toEqual([]);
    expect(await api.kill('SIGKILL')).toBe('SIGKILL');

    const worker = backends.spawn(['worker'], env);
    const files = await eventually(
      () => mailFiles(env.DATA_DIR!),
      (found) => found.length >= emails.length,
    );
    expect(files).toHaveLength(emails.length);
    const recipients = files.map((file) => readFileSync(path.join(env.DATA_DIR!, 'mail', file), 'utf8'));
    for (const email of emails) expect(recipients.some((mail) => mail.includes(email))).toBe(true);
    expect(await worker.kill('SIGTERM')).toBe(0);
  });

  it('brings the search index up to date after the seed command is killed once its writes committed', async () => {
    const env = backends.embeddedEnv();
    const seed = backends.spawn(['seed', '--events', '120'], env);
    await seed.waitForLine((line) => line.startsWith('seed: projecting'));
    await seed.kill('SIGKILL');

    const app = await backends.startRole(['all'], env);
    const total = await eventually(
      async () => {
        const res = await fetch(`${app.url}/api/events?per_page=1`);
        const body = (await res.json()) as { pagination?: { total?: number } };
        return body.pagination?.total ?? 0;
      },
      (count) => count >= 120,
    );
    expect(total).toBe(120);
    expect(await app.kill('SIGTERM')).toBe(0);
  });
});
