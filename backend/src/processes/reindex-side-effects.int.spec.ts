/**
 * `npm run reindex` never replays side-effect consumers: after digest sign-ups have been confirmed by mail,
 * a full reindex and a restart leave exactly one confirmation per sign-up, and reindex does not list the mailer.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { SUBSCRIBERS_TOPIC } from '@evently/subscriptions';
import { backendProcesses } from '../testing/backend-processes.ts';

const backends = backendProcesses({
  prefix: 'evently-reindex-effects-',
  env: { ADMIN_PASSWORD: 'reindex-effects-password', LOG_LEVEL: 'warn' },
});

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

/** The all-in-one role, once it serves and its projectors (the confirmation mailer among them) have started. */
const startAll = (env: Record<string, string>) =>
  backends.startRole(['all'], { ...env, LOG_LEVEL: 'info' }, { alsoWaitFor: ['projectors started'] });

describe('reindex and side-effect consumers', () => {
  it('a full reindex and a restart send no confirmation mail again', async () => {
    const env = backends.embeddedEnv();
    const dataDir = env.DATA_DIR!;

    const first = await startAll(env);
    const signUp = () =>
      fetch(`${first.url}/api/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'once@example.com', name: 'Ana', country: 'Portugal', city: 'Lisbon' }),
      });
    expect((await signUp()).status).toBe(202);
    await waitFor(() => mailFiles(dataDir).length > 0, 'the first confirmation mail', 30_000);
    const confirmations = mailFiles(dataDir);
    expect(confirmations).toHaveLength(1);
    // Signing up again asks for confirmation again: a second message and a second mail (within the daily cap
    // per recipient). Without the per-message claim, a replay would mail for the first message again.
    expect((await signUp()).status).toBe(202);
    await waitFor(() => mailFiles(dataDir).length >= 2, 'the second confirmation mail', 30_000);
    confirmations.splice(0, confirmations.length, ...mailFiles(dataDir));
    expect(confirmations).toHaveLength(2);
    expect(await first.kill('SIGTERM')).toBe(0);

    const reindex = backends.spawn(['reindex'], env);
    expect(await reindex.exited).toBe(0);
    const progress = reindex.lines.filter((line) => line.startsWith('reindex: '));
    expect(progress.some((line) => line.startsWith('reindex: events-search: replaying'))).toBe(true);
    expect(progress.some((line) => line.includes('confirmation-mailer'))).toBe(false);

    const second = await startAll(env);
    // Had the reindex rewound the mailer's group, the restarted worker would mail again before its group
    // reached the end of the log; once it is there (at once when nothing was rewound), every mail it sent is on disk.
    await waitFor(() => mailerLag(dataDir) === 0, "the restarted mailer's group at the end of the log", 30_000);
    expect(mailFiles(dataDir)).toEqual(confirmations);
    expect(await second.kill('SIGTERM')).toBe(0);
  }, 120_000);
});
