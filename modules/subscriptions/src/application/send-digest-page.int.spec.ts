/**
 * The batch's page send on the embedded store: one claim for the page (skipping those claimed before), one
 * record for what was mailed, only the unsent claims released when the mail transport fails, and a run
 * after a crash between claim and record mails no one twice.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { fixedClock, type DocumentStore, type MailMessage, type Mailer } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import { isoWeek } from '../domain/subscriber.ts';
import { digestSendsCollection, subscribersCollection, subscriptionCollections } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';
import { FIXED_CATALOGUE } from './digest-batch-fixtures.ts';
import { claimWeek } from './digest-records.ts';
import { createDigestSearches } from './digest-searches.ts';
import { runDigestBatch } from './run-digest-batch.ts';
import { sendDigestPage } from './send-digest-page.ts';
import { MailTransportError } from './send-digest.ts';

const NOW = '2026-11-23T09:00:00.000Z';
let store: DocumentStore;
let ctx: SubscriptionsContext;
let mailed: string[];
/** The transport refuses every message from this recipient on. */
let failFrom: string | null;
let remove: () => Promise<void>;

beforeEach(async () => {
  const temp = await createTempDataDir('evently-digest-page-');
  remove = temp.remove;
  const clock = fixedClock(NOW);
  store = await createSqliteDocumentStore({ file: join(temp.dir, 'evently.db'), clock });
  await store.init(subscriptionCollections);
  mailed = [];
  failFrom = null;
  let failing = false;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message: MailMessage) {
      if (failFrom === null) failing = false;
      else if (message.to === failFrom) failing = true;
      if (failing) throw new Error('connection refused');
      mailed.push(message.to);
      return { messageId: String(mailed.length), destination: 'test' };
    },
    async close() {},
  };
  ctx = {
    store,
    clock,
    logger: pino({ level: 'silent' }),
    mailer,
    catalogue: FIXED_CATALOGUE,
    appName: 'Evently',
    publicUrl: 'http://evently.test',
    mailboxCap: undefined as never,
  };
});

afterEach(async () => {
  await store.close();
  await remove();
});

async function subscribers(count: number) {
  return store.transaction(async (tx) => {
    const made = [];
    for (let i = 0; i < count; i += 1) {
      const email = `reader${i}@example.com`;
      made.push(
        await subscribersCollection.insert(tx, {
          id: `s${i}`,
          email,
          name: null,
          country: 'Portugal',
          city: 'Lisbon',
          radius_km: 25,
          is_active: true,
          confirmed_at: NOW,
          unsubscribe_token: `token-${i}-${'x'.repeat(20)}`,
          last_sent_at: null,
          identity_key: email,
          email_key: email,
          country_key: 'portugal',
          city_key: 'lisbon',
        }),
      );
    }
    return made;
  });
}

const claims = async () =>
  Object.fromEntries(
    (await digestSendsCollection.find(store)).map((claim) => [claim.subscriber_id, claim.status] as const),
  );
const lastSent = async (id: string) => (await subscribersCollection.get(store, id))?.last_sent_at ?? null;

describe('sending a page of the digest batch', () => {
  it('claims the page at once, skips a subscriber claimed before, and records the sends together', async () => {
    const page = await subscribers(2);
    await claimWeek(ctx, ['s0'], isoWeek(new Date(NOW)));

    const tally = await sendDigestPage(ctx, page, createDigestSearches(ctx));

    expect(tally).toEqual({ processed: 2, sent: 1, skipped: 1 });
    expect(mailed).toEqual(['reader1@example.com']);
    expect(await claims()).toEqual({ s0: 'sending', s1: 'sent' });
    expect(await lastSent('s0')).toBeNull();
    expect(await lastSent('s1')).toBe(NOW);
  });

  it('on a transport failure mid-page records those mailed and releases only the unsent claims', async () => {
    const page = await subscribers(4);
    failFrom = 'reader2@example.com';

    await expect(sendDigestPage(ctx, page, createDigestSearches(ctx))).rejects.toBeInstanceOf(MailTransportError);

    expect(mailed).toEqual(['reader0@example.com', 'reader1@example.com']);
    expect(await claims()).toEqual({ s0: 'sent', s1: 'sent' });
    expect(await lastSent('s1')).toBe(NOW);
    expect(await lastSent('s2')).toBeNull();

    failFrom = null;
    const rerun = await sendDigestPage(ctx, page, createDigestSearches(ctx));
    expect(rerun).toEqual({ processed: 4, sent: 2, skipped: 2 });
    expect(mailed).toEqual([
      'reader0@example.com',
      'reader1@example.com',
      'reader2@example.com',
      'reader3@example.com',
    ]);
  });

  it('after a crash between a page claim and its record, a new batch mails no one twice', async () => {
    await subscribers(5);
    ctx.digestPageSize = 2;
    // The crashed run had claimed the first page and mailed its first subscriber, then died before recording.
    await claimWeek(ctx, ['s0', 's1'], isoWeek(new Date(NOW)));
    mailed.push('reader0@example.com');

    const resumed = await runDigestBatch(ctx);
    const again = await runDigestBatch(ctx);

    expect(resumed).toMatchObject({ processed: 5, sent: 3, skipped: 2 });
    expect(again).toMatchObject({ processed: 2, sent: 0, skipped: 2 });
    expect(mailed).toEqual([
      'reader0@example.com',
      'reader2@example.com',
      'reader3@example.com',
      'reader4@example.com',
    ]);
    expect(new Set(mailed).size).toBe(mailed.length);
  });
});
