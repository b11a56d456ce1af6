/**
 * SIGKILL between a committed write and its projection loses nothing: the write and its outbox record commit
 * together, so a restarted worker finds the message in the log and projects it. Runs the real backend as a
 * child process on a temporary DATA_DIR.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logRecord, spawnBackend, type BackendProcess } from '../testing/spawn-backend.ts';

const running: BackendProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.kill('SIGKILL')));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function environment(): Record<string, string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evently-crash-'));
  dirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'crash-test-password',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  };
}

function start(args: string[], env: Record<string, string>): BackendProcess {
  const backend = spawnBackend(args, env);
  running.push(backend);
  return backend;
}

async function listeningUrl(backend: BackendProcess): Promise<string> {
  const line = await backend.waitForLine((l) => String(logRecord(l)?.msg ?? '').endsWith('is listening'));
  return String(logRecord(line)?.url);
}

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
    const env = environment();
    const api = start(['api'], env);
    const url = await listeningUrl(api);
    const emails = ['ada@example.com', 'grace@example.com', 'alan@example.com'];
    for (const email of emails) {
      const res = await fetch(`${url}/api/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, country: 'Germany', city: 'Berlin' }),
      });
      expect(res.status).toBe(202);
    }
    // The api role runs no consumers: the confirmations exist only as messages in the log so far.
    expect(mailFiles(env.DATA_DIR!)).toEqual([]);
    expect(await api.kill('SIGKILL')).toBe('SIGKILL');

    const worker = start(['worker'], env);
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
    const env = environment();
    const seed = start(['seed', '--events', '120'], env);
    await seed.waitForLine((line) => line.startsWith('seed: projecting'));
    await seed.kill('SIGKILL');

    const app = start(['all'], env);
    const url = await listeningUrl(app);
    const total = await eventually(
      async () => {
        const res = await fetch(`${url}/api/events?per_page=1`);
        const body = (await res.json()) as { pagination?: { total?: number } };
        return body.pagination?.total ?? 0;
      },
      (count) => count >= 120,
    );
    expect(total).toBe(120);
    expect(await app.kill('SIGTERM')).toBe(0);
  });
});
