/**
 * `npm run reindex` never replays side-effect consumers: after digest sign-ups have been confirmed by mail,
 * a full reindex and a restart leave exactly one confirmation per sign-up, and reindex does not list the mailer.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { SUBSCRIBERS_TOPIC } from '@evently/subscriptions';
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

const mailFiles = (dir: string) => {
  try {
    return readdirSync(path.join(dir, 'mail')).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

/** Messages of the subscribers topic the confirmation mailer's group has not handled yet (the bus's lag, read from the file). */
function mailerLag(dir: string): number {
  const db = new Database(path.join(dir, 'evently.db'), { readonly: true });
  try {
    const handled = db
      .prepare('SELECT seq FROM consumer_offsets WHERE group_name = ? AND topic = ?')
      .pluck()
      .get('projector.subscriptions.confirmation-mailer', SUBSCRIBERS_TOPIC) as number | undefined;
    return db
      .prepare('SELECT COUNT(*) FROM outbox WHERE topic = ? AND seq > ?')
      .pluck()
      .get(SUBSCRIBERS_TOPIC, handled ?? 0) as number;
  } finally {
    db.close();
  }
}

async function startAll(env: Record<string, string>): Promise<{ backend: BackendProcess; url: string }> {
  const backend = start(['all'], { ...env, LOG_LEVEL: 'info' });
  const listening = await backend.waitForLine((line) => String(logRecord(line)?.msg ?? '').endsWith('is listening'));
  await backend.waitForLine((line) => logRecord(line)?.msg === 'projectors started');
  return { backend, url: String(logRecord(listening)?.url) };
}

describe('reindex and side-effect consumers', () => {
  it('a full reindex and a restart send no confirmation mail again', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evently-reindex-effects-'));
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'reindex-effects-password',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    };

    const first = await startAll(env);
    const signUp = () =>
      fetch(`${first.url}/api/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'once@example.com', name: 'Ana', country: 'Portugal', city: 'Lisbon' }),
      });
    expect((await signUp()).status).toBe(202);
    await waitFor(() => mailFiles(dataDir!).length > 0, 'the first confirmation mail', 30_000);
    const confirmations = mailFiles(dataDir);
    expect(confirmations).toHaveLength(1);
    // Signing up again asks for confirmation again: a second message and a second mail (within the daily cap
    // per recipient). Without the per-message claim, a replay would mail for the first message again.
    expect((await signUp()).status).toBe(202);
    await waitFor(() => mailFiles(dataDir!).length >= 2, 'the second confirmation mail', 30_000);
    confirmations.splice(0, confirmations.length, ...mailFiles(dataDir));
    expect(confirmations).toHaveLength(2);
    expect(await first.backend.kill('SIGTERM')).toBe(0);

    const reindex = start(['reindex'], env);
    expect(await reindex.exited).toBe(0);
    const progress = reindex.lines.filter((line) => line.startsWith('reindex: '));
    expect(progress.some((line) => line.startsWith('reindex: events-search: replaying'))).toBe(true);
    expect(progress.some((line) => line.includes('confirmation-mailer'))).toBe(false);

    const second = await startAll(env);
    // Had the reindex rewound the mailer's group, the restarted worker would mail again before its group
    // reached the end of the log; once it is there (at once when nothing was rewound), every mail it sent is on disk.
    await waitFor(() => mailerLag(dataDir!) === 0, "the restarted mailer's group at the end of the log", 30_000);
    expect(mailFiles(dataDir)).toEqual(confirmations);
    expect(await second.backend.kill('SIGTERM')).toBe(0);
  }, 120_000);
});
