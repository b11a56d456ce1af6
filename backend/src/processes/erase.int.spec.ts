/**
 * `erase --email` against a running server on the embedded profile: a person with a subscription, a ticket, a
 * review and a partnership request, whose mails are still waiting when the erasure comes (the SMTP server is
 * down), an old log record from a version that put addresses in messages, and a dead letter whose error quotes
 * the address. Afterwards no table of the store (the log and the dead letters included) and no search file
 * holds their address, phone or name; someone else's data is untouched, their mail still arrives, and the
 * erased person's waiting mails are skipped, not sent and not dead-lettered.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvelope, type EventBus } from '@evently/platform';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';
import { waitFor } from '@evently/platform/testing';
import { spawnBackend, logRecord } from '../testing/spawn-backend.ts';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../testing/start-test-server.ts';
import { EMBEDDED_FILES } from '../adapters.ts';
import { ERASURES_PATH } from '../erasure/erasure.router.ts';
import { parseEraseArgs } from './erase.ts';
import { UsageError } from './usage-error.ts';

interface Person {
  name: string;
  email: string;
  phone: string;
}

const ERASED: Person = { name: 'Ana Erasmo-Ruiz', email: 'Ana.Erasmo@Example.com', phone: '+34 611 222 333' };
const KEPT: Person = { name: 'Bruno Keeper', email: 'bruno.keeper@example.com', phone: '+351 912 000 111' };
const API_ERASED: Person = { name: 'Carla Apiwipe', email: 'carla.apiwipe@example.com', phone: '+44 20 7946 0000' };

const PARTNERS_INBOX = 'partners@evently.test';
const lower = (text: string) => text.toLowerCase();
const traces = (person: Person) => [person.email, person.name, person.phone].map(lower);

let smtp: SmtpSink;
let server: TestServer;
let eventId: string;

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function leaveTraces(person: Person): Promise<void> {
  const answers = await Promise.all([
    post('/api/subscriptions', { email: person.email, name: person.name, country: 'Spain', city: 'Madrid' }),
    post('/api/support/tickets', {
      user_name: person.name,
      user_email: person.email,
      user_phone: person.phone,
      subject: 'Wrong date',
      description: `Hello, this is ${person.name}.`,
    }),
    post(`/api/events/${eventId}/reviews`, {
      user_name: person.name,
      user_email: person.email,
      rating: 4,
      title: 'Lovely',
      comment: 'Great room.',
      attended: true,
    }),
    post('/api/partnership-request', {
      company: `${person.name.split(' ')[1]} Events`,
      contact_name: person.name,
      email: person.email,
      phone: person.phone,
      partnership_type: 'venue',
      message: 'We host concerts.',
    }),
  ]);
  for (const answer of answers) expect(answer.status, await answer.clone().text()).toBeLessThan(300);
}

/** Every row of every table of the store's file (documents, the log, dead letters, claims), as lower-case text. */
function storeText(dataDir: string): string {
  const db = new Database(path.join(dataDir, EMBEDDED_FILES.store), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    return lower(tables.map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())).join('\n'));
  } finally {
    db.close();
  }
}

/** The raw bytes of an embedded database's files (with its WAL), as lower-case text. */
async function filesText(dataDir: string, database: string): Promise<string> {
  const files = (await readdir(dataDir)).filter((name) => name.startsWith(database));
  expect(files.length).toBeGreaterThan(0);
  const contents = await Promise.all(files.map((name) => readFile(path.join(dataDir, name), 'latin1')));
  return lower(contents.join('\n'));
}

/** Ids of the stored documents whose `field` is `value` (any case). */
async function storedIds(collection: string, field: string, value: string): Promise<string[]> {
  const documents = await server.server.composition.store.find<Record<string, unknown>>(collection, { limit: 1000 });
  return documents.filter((document) => lower(String(document[field])) === lower(value)).map((document) => document.id);
}

/** The log's records (the outbox table), as lower-case text. */
function logText(dataDir: string): string {
  const db = new Database(path.join(dataDir, EMBEDDED_FILES.store), { readonly: true });
  try {
    return lower(JSON.stringify(db.prepare('SELECT topic, key, envelope FROM outbox').all()));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, PARTNERS_INBOX } });
  const { upsertFromSource } = server.server.composition.events.commands;
  eventId = String(
    (
      await upsertFromSource({
        source: 'demo',
        external_id: 'erase-1',
        name: 'Erasure Jazz Night',
        category: 'Music & Concerts',
        start_utc: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      })
    ).id,
  );
  await server.server.composition.projectors.drained();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('erase --email', () => {
  it('takes one address, as --email x or --email=x, and --vacuum, and refuses anything else with the usage', () => {
    expect(parseEraseArgs(['--email', ' Ana@Example.com '])).toEqual({ email: 'Ana@Example.com', vacuum: false });
    expect(parseEraseArgs(['--vacuum', '--email=ana@example.com'])).toEqual({ email: 'ana@example.com', vacuum: true });
    for (const args of [
      [],
      ['--email'],
      ['ana@example.com'],
      ['--email', 'a@b', 'extra'],
      ['--email=a@b', '--email=c@d'],
      ['--vacuum'],
      ['--email', 'not an address'],
    ]) {
      expect(() => parseEraseArgs(args), args.join(' ')).toThrow(UsageError);
    }
    expect(() => parseEraseArgs(['--email', 'nope'])).toThrow(/Usage: erase --email <address>/);
  });

  it("removes a person's data from the store, the log, its dead letters and the search index, and nobody else's", async () => {
    const { bus, search } = server.server.composition;
    await leaveTraces(KEPT);
    // Subscription confirmation, ticket confirmation, partnership acknowledgement and team notice.
    await smtp.waitFor(4, 30_000);

    // The erased person's mails will still be waiting in the log when the erasure comes.
    await smtp.stop();
    await leaveTraces(ERASED);
    const [erasedTicket] = await storedIds('support_tickets', 'user_email', ERASED.email);
    const [erasedSubscriber] = await storedIds('subscribers', 'email', ERASED.email);
    const [erasedReview] = await storedIds('reviews', 'user_email', ERASED.email);
    const [keptReview] = await storedIds('reviews', 'user_email', KEPT.email);
    expect([erasedTicket, erasedSubscriber, erasedReview, keptReview].every(Boolean)).toBe(true);
    // The messages carry ids and states: the log names nobody.
    for (const trace of [...traces(ERASED), ...traces(KEPT)]) expect(logText(server.dataDir)).not.toContain(trace);
    await recordOldStyleTraces(bus, erasedSubscriber!, erasedTicket!);
    await waitFor(
      async () => (await search.get('event_ratings', erasedReview!))?.state === 'pending',
      'the review in the ratings index',
      30_000,
    );
    for (const trace of traces(ERASED)) expect(storeText(server.dataDir)).toContain(trace);

    const erase = spawnBackend(['erase', '--email', lower(ERASED.email), '--vacuum'], {
      DATA_DIR: server.dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
    });
    expect(await erase.exited, erase.stderr()).toBe(0);
    const output = erase.lines.join('\n');
    expect(output).toContain('support: 1 ticket removed');
    expect(output).toContain('reviews: 1 review removed');
    expect(output).toContain('partnerships: 1 partnership request removed');
    expect(output).toContain('subscriptions: 1 subscriber, 1 sign up request, 0 digest sends removed');
    expect(output).toContain('search: up to date');
    expect(output).toMatch(
      /erasure [0-9a-f-]{36}: 5 documents removed, 1 log records and 1 dead letters redacted, 0 tombstones, 0 mail files removed/,
    );
    expect(output).toContain('file rewritten without freed bytes');
    const audit = erase.lines.map(logRecord).find((record) => record?.audit === 'erasure');
    expect(audit).toMatchObject({ actor: 'erase command', removed: { support: { tickets: 1 } } });
    // Neither the progress lines nor the audit line repeat what was erased.
    for (const trace of traces(ERASED)) expect(lower(output)).not.toContain(trace);

    const after = storeText(server.dataDir);
    for (const trace of traces(ERASED)) expect(after).not.toContain(trace);
    for (const trace of traces(KEPT)) expect(after).toContain(trace);
    // --vacuum: not even the file's freed pages or the WAL keep the erased rows' bytes.
    const storeFiles = await filesText(server.dataDir, EMBEDDED_FILES.store);
    for (const trace of traces(ERASED)) expect(storeFiles).not.toContain(trace);
    const searchText = await filesText(server.dataDir, EMBEDDED_FILES.search);
    for (const trace of traces(ERASED)) expect(searchText).not.toContain(trace);
    expect((await search.get('event_ratings', erasedReview!))?.state).toBe('deleted');
    expect((await search.get('event_ratings', keptReview!))?.state).toBe('pending');
    const [deadLetter] = await bus.deadLetters.list({ group: 'support.visitor-mailer' });
    expect(deadLetter?.error).toBe('Error: 550 5.1.1 <[erased]>: Recipient address rejected');

    // SMTP is back: someone else's mail arrives, the erased person's waiting mails are skipped.
    await smtp.start();
    const sentBefore = smtp.messages.length;
    const ticket = await post('/api/support/tickets', {
      user_name: KEPT.name,
      user_email: KEPT.email,
      subject: 'Another question',
      description: 'Still here.',
    });
    expect(ticket.status).toBe(201);
    await waitFor(
      () =>
        smtp.messages
          .slice(sentBefore)
          .some(
            (mail) => mail.envelopeTo.map(lower).includes(lower(KEPT.email)) && mail.raw.includes('Another question'),
          ),
      'the mail to someone not erased',
      60_000,
    );
    await server.server.composition.projectors.drained();
    const everyRecipient = smtp.messages
      .flatMap((mail) => [...mail.envelopeTo, mail.raw])
      .map(lower)
      .join('\n');
    for (const trace of traces(ERASED)) expect(everyRecipient).not.toContain(trace);
    const letters = await bus.deadLetters.list();
    expect(letters.map((letter) => letter.id)).toEqual([deadLetter!.id]);
  }, 180_000);

  it('is an admin call too: refused without the credential, a 400 for a non-address, and the answer names no one', async () => {
    await post('/api/subscriptions', {
      email: API_ERASED.email,
      name: API_ERASED.name,
      country: 'Portugal',
      city: 'Lisbon',
    });
    expect((await post(ERASURES_PATH, { email: API_ERASED.email })).status).toBe(401);
    expect((await post(ERASURES_PATH, { email: API_ERASED.email }, { 'X-Admin-Password': 'wrong' })).status).toBe(401);
    expect(await storedIds('subscribers', 'email', API_ERASED.email)).toHaveLength(1);

    const admin = { 'X-Admin-Password': TEST_ADMIN_PASSWORD };
    const bad = await post(ERASURES_PATH, { email: 'not an address' }, admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^email: Give the e-mail address/);

    const answer = await post(ERASURES_PATH, { email: API_ERASED.email.toUpperCase() }, admin);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ removed: { subscriptions: { subscribers: 1 } }, search_pending: 0 });
    for (const trace of traces(API_ERASED)) expect(lower(text)).not.toContain(trace);
    expect(await storedIds('subscribers', 'email', API_ERASED.email)).toEqual([]);
    expect(await storedIds('subscribers', 'email', KEPT.email)).toHaveLength(1);
  }, 60_000);
});

/**
 * What the log may still hold from elsewhere: a record from a version that put the address and name into the
 * message, and a dead letter whose error quotes the address (a mail server's permanent refusal).
 */
async function recordOldStyleTraces(bus: EventBus, subscriberId: string, ticketId: string): Promise<void> {
  await bus.publish([
    createEnvelope({
      topic: 'evently.subscribers',
      key: subscriberId,
      type: 'SubscriberUpdated',
      aggregateVersion: 1,
      data: { subscriber_id: subscriberId, email: ERASED.email, name: ERASED.name, changed: [] },
      occurredAt: new Date(),
    }),
  ]);
  const message = createEnvelope({
    topic: 'evently.support-tickets',
    key: ticketId,
    type: 'SupportTicketOpened',
    aggregateVersion: 1,
    data: { ticket_id: ticketId, ticket_number: 'TT-0000-0000', note: ERASED.phone },
    occurredAt: new Date(),
  });
  await bus.deadLetters.add({
    id: 'dead-letter-naming-the-person',
    group: 'support.visitor-mailer',
    message: { ...message, offset: '1' },
    error: `Error: 550 5.1.1 <${lower(ERASED.email)}>: Recipient address rejected`,
    attempts: 1,
    failed_at: new Date().toISOString(),
  });
}
