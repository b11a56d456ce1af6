/**
 * The per-mailbox cap over real SQLite files. Two store instances on one file stand for two worker processes
 * sharing DATA_DIR; the mailers are recording fakes of the port, one of which fails like a relay that is down.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fixedClock,
  type DocumentStore,
  createStoreMailboxCap,
  MAILBOX_CAP_COUNTS,
  mailboxCapFromEnv,
  type MailMessage,
  type Mailer,
  InvalidMailAddressError,
} from '@evently/platform';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';

const DAY = 86_400_000;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoWorkers(limit = 5) {
  const { dir, remove } = await createTempDataDir('evently-mailbox-cap-');
  const clock = fixedClock('2026-11-28T10:00:00Z');
  const file = join(dir, 'evently.db');
  const stores: DocumentStore[] = [
    await createSqliteDocumentStore({ file, clock }),
    await createSqliteDocumentStore({ file, clock }),
  ];
  cleanups.push(async () => {
    for (const store of stores) await store.close();
    await remove();
  });
  const [a, b] = stores.map((store) => createStoreMailboxCap({ store, clock, limit, windowMs: DAY }));
  return { a: a!, b: b!, clock, stores };
}

/** A mailer that records what it was handed, or fails every send while `down`. */
function recordingMailer(name: string) {
  const sent: string[] = [];
  const mailer: Mailer & { sent: string[]; down: boolean } = {
    kind: 'smtp',
    sent,
    down: false,
    async send(message) {
      if (mailer.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
      sent.push(message.to);
      return { messageId: `<${name}-${sent.length}@test>`, destination: 'smtp' };
    },
    async close() {},
  };
  return mailer;
}

const mail = (to: string): MailMessage => ({ to, subject: 'We received your request', text: 'x', html: '<p>x</p>' });

describe('one allowance per mailbox, for every module and worker', () => {
  it('counts case and +tag variants sent by several modules in two workers as one inbox, and lets the limit through exactly', async () => {
    const { a, b } = await twoWorkers(5);
    const modules = ['support', 'subscriptions', 'partnerships'].map(recordingMailer);
    const variants = [
      'victim@x.example',
      'Victim@X.example',
      'victim+1@x.example',
      'VICTIM+news@x.example',
      'victim+2@X.EXAMPLE',
      'victim+3@x.example',
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).send(modules[i % 3]!, mail(variants[i % variants.length]!))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'sent')).toHaveLength(5);
    expect(modules.flatMap((mailer) => mailer.sent)).toHaveLength(5);
    expect(outcomes.find((outcome) => outcome.status === 'capped')).toEqual({
      status: 'capped',
      retryAfterSeconds: 86_400,
    });
    // Another inbox on the same domain has its own allowance.
    expect((await a.send(modules[0]!, mail('neighbour@x.example'))).status).toBe('sent');
  });

  it('never counts a failed send: an outage that passes leaves the whole allowance', async () => {
    const { a, b } = await twoWorkers(2);
    const mailer = recordingMailer('support');
    mailer.down = true;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await expect((attempt % 2 ? a : b).send(mailer, mail('ana@example.org'))).rejects.toThrow(/ECONNREFUSED/);
    }
    mailer.down = false;
    expect((await a.send(mailer, mail('ana@example.org'))).status).toBe('sent');
    expect((await b.send(mailer, mail('Ana+x@example.org'))).status).toBe('sent');
    expect((await a.send(mailer, mail('ana@example.org'))).status).toBe('capped');
    expect(mailer.sent).toEqual(['ana@example.org', 'Ana+x@example.org']);
  });

  it('opens a new window when the old one ends, and sweeps ended windows', async () => {
    const { a, clock, stores } = await twoWorkers(1);
    const mailer = recordingMailer('support');
    expect((await a.send(mailer, mail('ana@example.org'))).status).toBe('sent');
    clock.advance(DAY / 2);
    expect(await a.send(mailer, mail('ana@example.org'))).toEqual({ status: 'capped', retryAfterSeconds: 43_200 });
    clock.advance(DAY / 2);
    expect((await a.send(mailer, mail('bo@example.org'))).status).toBe('sent');
    // Ana's ended window was swept when Bo's opened; hers starts again.
    expect(await stores[0]!.count(MAILBOX_CAP_COUNTS)).toBe(1);
    expect((await a.send(mailer, mail('ana@example.org'))).status).toBe('sent');
  });

  it('stores no address, only hashes', async () => {
    const { a, stores } = await twoWorkers();
    await a.send(recordingMailer('support'), mail('ana@example.org'));
    const [count] = await stores[0]!.find(MAILBOX_CAP_COUNTS, {});
    expect(JSON.stringify(count)).not.toMatch(/ana|example/);
  });

  it('refuses an address that is not a plain one before counting or sending', async () => {
    const { a, stores } = await twoWorkers();
    const mailer = recordingMailer('support');
    await expect(a.send(mailer, mail('v1<victim@x.example>.z'))).rejects.toBeInstanceOf(InvalidMailAddressError);
    expect(mailer.sent).toEqual([]);
    await a.send(mailer, mail('ana@example.org'));
    expect(await stores[0]!.count(MAILBOX_CAP_COUNTS)).toBe(1);
  });
});

describe('the setting', () => {
  it('reads MAILS_PER_MAILBOX_PER_DAY, 5 by default, and names the variable on a bad value', () => {
    expect(mailboxCapFromEnv({})).toEqual({ limit: 5, windowMs: DAY });
    expect(mailboxCapFromEnv({ MAILS_PER_MAILBOX_PER_DAY: ' 12 ' })).toEqual({ limit: 12, windowMs: DAY });
    expect(() => mailboxCapFromEnv({ MAILS_PER_MAILBOX_PER_DAY: '0' })).toThrow(
      'Invalid configuration: MAILS_PER_MAILBOX_PER_DAY must be a whole number between 1 and 1000',
    );
  });
});
