/**
 * What the SMTP mailer's failures mean to the bus, against a real SMTP server (smtp-server): a relay that is
 * down or answers 4xx is an outage the consumer waits for; a 5xx refusal of this message is permanent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { isPermanent, outageOf, silentLogger } from '@evently/platform';
import { classifySmtpFailure, createMailer } from './nodemailer-mailer.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';

const mail = { to: 'ana@example.com', subject: 'Your ticket', text: 'Thanks', html: '<p>Thanks</p>' };

describe('the SMTP mailer', () => {
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    await sink?.close();
  });

  const mailerFor = (url: string) =>
    createMailer({ smtpUrl: url, dataDir: tmpdir(), from: 'Evently <no-reply@localhost>', logger: silentLogger() });

  it('reports a relay that refuses connections as an smtp outage, and sends once it listens again', async () => {
    sink = await startSmtpSink();
    const mailer = mailerFor(sink.url);
    await sink.stop();
    const failure = await mailer.send(mail).catch((error: unknown) => error);
    expect(outageOf(failure)).toMatchObject({ dependency: 'smtp' });
    expect(isPermanent(failure)).toBe(false);
    await sink.start();
    await mailer.send(mail);
    expect(sink.messages.map((received) => received.envelopeTo)).toEqual([['ana@example.com']]);
    await mailer.close();
  });

  it('reports a 451 (try again later) as an smtp outage', async () => {
    sink = await startSmtpSink();
    sink.failAfter(0);
    const mailer = mailerFor(sink.url);
    const failure = await mailer.send(mail).catch((error: unknown) => error);
    expect(outageOf(failure)).toMatchObject({ dependency: 'smtp' });
    await mailer.close();
  });

  it('turns a 5xx refusal of the recipient or the message into a permanent failure, and credentials refused into an outage', () => {
    const reply = (code: string, responseCode: number) =>
      Object.assign(new Error(`${responseCode} refused`), { code, responseCode });
    expect(isPermanent(classifySmtpFailure(reply('EENVELOPE', 550)))).toBe(true);
    expect(isPermanent(classifySmtpFailure(reply('EMESSAGE', 554)))).toBe(true);
    expect(outageOf(classifySmtpFailure(reply('EENVELOPE', 452)))?.dependency).toBe('smtp');
    expect(outageOf(classifySmtpFailure(reply('EAUTH', 535)))?.dependency).toBe('smtp');
  });
});
