/**
 * The per-mailbox cap across modules, end to end: the real server (api and worker in one process) gets
 * tickets, sign-ups and partnership requests that all name one inbox under different spellings. Together
 * they reach it `MAILS_PER_MAILBOX_PER_DAY` times, the team inboxes hear of everything, and an address that a
 * parser would deliver elsewhere is refused at every form with the form's own message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxKey } from '@evently/platform';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';
import { waitFor } from '@evently/platform/testing';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

const CAP = 4;
const SUPPORT_INBOX = 'support-team@evently.test';
const PARTNERS_INBOX = 'partners-team@evently.test';

let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    env: { SMTP_URL: sink.url, MAILS_PER_MAILBOX_PER_DAY: String(CAP), SUPPORT_INBOX, PARTNERS_INBOX },
  });
});

afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const ticket = (email: string, i: number) =>
  post('/api/support/tickets', {
    user_name: 'Someone',
    user_email: email,
    subject: `Visit http://spam.example now ${i}`,
    description: 'Prize!',
    category: 'general',
  });
const signUp = (email: string, i: number) =>
  post('/api/subscriptions', { email, country: 'Portugal', city: ['Lisbon', 'Porto', 'Faro'][i]! });
const partnership = (email: string, i: number) =>
  post('/api/partnership-request', {
    company: `Company ${i}`,
    contact_name: 'Someone',
    email,
    partnership_type: 'venue',
  });

/** Everything the forms committed has been relayed and every consumer has handled it. */
async function settled(): Promise<void> {
  const { store, projectors } = server.server.composition;
  await waitFor(async () => (await store.outbox.pending(1)).length === 0, 'the outbox to be relayed', 30_000);
  await projectors.drained();
}

describe('one allowance per mailbox, shared by every module', () => {
  it('lets tickets, sign-ups and partnership requests naming one inbox reach it only up to the cap', async () => {
    const spellings = ['victim@x.example', 'Victim@X.example', 'victim+ticket@x.example'];
    for (let i = 0; i < 3; i += 1) {
      expect((await ticket(spellings[i]!, i)).status).toBe(201);
      expect((await signUp(spellings[(i + 1) % 3]!, i)).status).toBe(202);
      expect((await partnership(spellings[(i + 2) % 3]!, i)).status).toBe(201);
    }
    await settled();

    const toVictim = sink.messages.filter((mail) =>
      mail.envelopeTo.some((address) => mailboxKey(address) === 'victim@x.example'),
    );
    expect(toVictim).toHaveLength(CAP);
    for (const mail of toVictim) expect(mail.headers.get('subject')).not.toContain('spam.example');
    // The teams' own inboxes have no cap.
    expect(sink.messages.filter((mail) => mail.envelopeTo.includes(SUPPORT_INBOX))).toHaveLength(3);
    expect(sink.messages.filter((mail) => mail.envelopeTo.includes(PARTNERS_INBOX))).toHaveLength(3);
  });

  it.each([
    ['/api/support/tickets', (email: string) => ticket(email, 0), 'user_email: Please enter a valid email address'],
    ['/api/subscriptions', (email: string) => signUp(email, 0), 'email: Please enter a valid email.'],
    ['/api/partnership-request', (email: string) => partnership(email, 0), 'email: Please enter a valid email address'],
  ])('%s refuses an address a parser would deliver elsewhere', async (_path, send, error) => {
    const before = sink.messages.length;
    // Two, so each form stays within its five requests per ten minutes from this address.
    for (const email of ['v1<victim@x.example>.z', 'Victim <victim@x.example>']) {
      const response = await send(email);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    await settled();
    expect(sink.messages).toHaveLength(before);
  });
});
