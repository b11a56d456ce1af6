/**
 * A digest batch process killed with SIGKILL in the middle of sending, then run again, sends no one twice.
 * The only subscribers the pair may miss are those of the page claimed at the instant of the kill and not yet
 * mailed (at-most-once, docs/decisions/005-subscriptions-and-digest.md): pages of 3 here.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore, createSqliteEventBus } from '@evently/sqlite';
import { systemClock } from '@evently/platform';
import { createTempDataDir, startTsxScript, waitFor } from '@evently/platform/testing';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';
import { createSubscriptionsModule } from '../index.ts';
import { FIXED_CATALOGUE } from './digest-batch-fixtures.ts';
import { createMailer } from '@evently/mail';

const CHILD = join(import.meta.dirname, 'digest-batch-child.ts');
const SUBSCRIBERS = 8;
const PAGE_SIZE = 3;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function seedSubscribers(file: string): Promise<void> {
  const store = await createSqliteDocumentStore({ file });
  const bus = await createSqliteEventBus({ store });
  const module = createSubscriptionsModule(
    {
      store,
      bus,
      search: undefined as never,
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      requireAdmin: async () => {},
      publicUrl: 'http://evently.test',
      dataDir: '.',
      openMailer: createMailer,
    },
    { catalogue: FIXED_CATALOGUE, appName: 'Evently', smtpUrl: 'smtp://127.0.0.1:9' },
  );
  await store.init(module.collections);
  for (let i = 0; i < SUBSCRIBERS; i += 1) {
    await module.commands.signUp({ email: `reader${i}@example.com`, country: 'Portugal', city: 'Lisbon' });
  }
  // Double opt-in: only confirmed subscribers get digests, so confirm each as its owner would.
  for (const request of await store.find<{ token: string }>('subscription_requests'))
    await module.commands.confirm(request.token);
  await module.close?.();
  await store.close();
}

/** Runs the batch to its end, or SIGKILLs it once the relay holds `killAfterMessages` messages. */
async function runBatch(file: string, smtp: SmtpSink, killAfterMessages?: number) {
  const batch = startTsxScript(CHILD, [file, smtp.url, String(PAGE_SIZE)]);
  // Looked at every few milliseconds, so the kill lands while a send is in flight.
  const watcher =
    killAfterMessages === undefined
      ? undefined
      : setInterval(() => {
          if (smtp.messages.length >= killAfterMessages) void batch.kill('SIGKILL');
        }, 5);
  const ended = await batch.exited;
  clearInterval(watcher);
  await batch.closed;
  return { ended, output: batch.lines.join('\n'), stderr: batch.stderr() };
}

describe('digest batch killed mid-send', () => {
  it('sends no one twice when run again after a SIGKILL', async () => {
    const { dir, remove } = await createTempDataDir('evently-digest-crash-');
    cleanups.push(remove);
    const file = join(dir, 'evently.db');
    await seedSubscribers(file);
    // Slow acceptance keeps a send in flight when the kill lands.
    const smtp = await startSmtpSink({ acceptDelayMs: 150 });
    cleanups.push(() => smtp.close());

    const killed = await runBatch(file, smtp, 3);
    expect(killed.ended, killed.stderr).toBe('SIGKILL');
    // A message whose data the server already had is still accepted after the kill; let it land first.
    await waitFor(() => smtp.idle(), "the killed batch's last message to land or be dropped");
    const beforeRerun = smtp.messages.length;
    expect(beforeRerun).toBeGreaterThanOrEqual(3);
    expect(beforeRerun).toBeLessThan(SUBSCRIBERS);

    const rerun = await runBatch(file, smtp);
    expect(rerun.ended, rerun.stderr).toBe(0);
    const recipients = smtp.messages.map((message) => message.envelopeTo[0]);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients.length).toBeGreaterThanOrEqual(SUBSCRIBERS - PAGE_SIZE);
    const result = JSON.parse(rerun.output.trim()) as { processed: number; sent: number; skipped: number };
    expect(result.sent).toBe(recipients.length - beforeRerun);
  });
});
