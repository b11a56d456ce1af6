/**
 * The embedded profile through an SMTP outage, end to end: the real server (api and worker in one process) is
 * up while its SMTP relay is unreachable; sign-ups (whose confirmation mails the digest needs) and a support
 * ticket (its confirmation mail) are created. The mail consumers wait for the relay, retrying far more often
 * than a message's attempts allow, and dead-letter nothing; once the relay listens again every mail arrives
 * once, to the right recipient, and `dead-letters list` has nothing to show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';
import { waitFor } from '@evently/platform/testing';
import { DEFAULT_MAX_ATTEMPTS } from '@evently/platform';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';
import { executeDeadLetters } from './dead-letters.ts';

let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  await sink.stop();
  // A short cap on the redelivery pause, so the outage outlasts many attempts' worth of retries in seconds.
  server = await startTestServer({ env: { SMTP_URL: sink.url, CONSUMER_RETRY_MAX_MS: '40' } });
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

describe('an SMTP outage on the embedded profile', () => {
  it('loses no confirmation mail and dead-letters nothing; everything arrives once the relay is back', async () => {
    const subscribers = ['ana@example.com', 'ben@example.com', 'chloe@example.com'];
    for (const email of subscribers) {
      const response = await post('/api/subscriptions', { email, name: 'Reader', country: 'Portugal', city: 'Lisbon' });
      expect(response.status).toBe(202);
    }
    const ticket = await post('/api/support/tickets', {
      user_name: 'Dev',
      user_email: 'dev@example.com',
      subject: 'Refund',
      description: 'Charged twice for one ticket.',
      category: 'general',
    });
    expect(ticket.status).toBe(201);

    const { bus } = server.server.composition;
    const smtpWaits = () => bus.waiting().filter((entry) => entry.dependency === 'smtp');
    // Both mail consumers wait for the relay, each for more retries than a message's attempts allow.
    await waitFor(
      () => {
        const groups = new Set(
          smtpWaits()
            .filter((entry) => entry.retries > 2 * DEFAULT_MAX_ATTEMPTS)
            .map((entry) => entry.group),
        );
        return (
          groups.has('projector.subscriptions.confirmation-mailer') && groups.has('projector.support.visitor-mailer')
        );
      },
      'the mail consumers to wait for the SMTP relay',
      30_000,
    );
    expect(sink.messages).toEqual([]);
    expect(await bus.deadLetters.list()).toEqual([]);

    await sink.start();
    await sink.waitFor(4, 30_000);
    await server.server.composition.projectors.drained();
    const recipients = sink.messages.flatMap((mail) => mail.envelopeTo).sort();
    expect(recipients).toEqual([...subscribers, 'dev@example.com'].sort());
    await waitFor(() => smtpWaits().length === 0, 'the consumers to resume');

    const lines: string[] = [];
    await executeDeadLetters({
      bus,
      projectors: [],
      command: { action: 'list' },
      write: (line) => void lines.push(line),
    });
    expect(lines.at(-1)).toBe('0 dead letters');
  });
});
