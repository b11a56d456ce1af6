/**
 * Replies by mail through the processes docker-compose runs: the worker listens on INBOUND_SMTP_PORT, the
 * confirmation mail it writes carries the ticket's signed Reply-To, and a reply sent there from the visitor's
 * address shows in the ticket the api serves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { backendProcesses, logMessage } from '../testing/backend-processes.ts';
import { logRecord } from '../testing/spawn-backend.ts';
import { openTicket } from '../testing/support-calls.ts';

const PASSWORD = 'inbound-mail-password';
const backends = backendProcesses({ prefix: 'evently-inbound-', env: { ADMIN_PASSWORD: PASSWORD }, scope: 'file' });
const dataDir = backends.dataDir();

const mails = () => {
  try {
    return readdirSync(path.join(dataDir, 'mail'))
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(path.join(dataDir, 'mail', name), 'utf8'));
  } catch {
    return [];
  }
};

describe('the worker role takes replies by mail', () => {
  it('appends a reply sent to the Reply-To of the confirmation', async () => {
    const env = backends.embeddedEnv({
      DATA_DIR: dataDir,
      SUPPORT_REPLY_SECRET: 'a-worker-secret-of-at-least-32-characters',
      SUPPORT_REPLY_DOMAIN: 'reply.evently.test',
      INBOUND_SMTP_PORT: '0',
    });
    const worker = backends.spawn(['worker'], env);
    const listening = logRecord(
      await worker.waitForLine((line) => logMessage(line).startsWith('inbound SMTP listener')),
    );
    const smtpPort = Number(listening?.port);
    await worker.waitForLine((line) => logMessage(line) === 'worker started');
    const api = await backends.startRole(['api'], { ...env, INBOUND_SMTP_PORT: '' });

    const { number } = await openTicket(api.url, { subject: 'Seats', description: 'Which seats?' });
    await waitFor(
      () => mails().some((mail) => /^Reply-To: /m.test(mail)),
      'the confirmation with its Reply-To',
      30_000,
    );
    const replyTo = /^Reply-To: (\S+)/m
      .exec(mails().find((mail) => /^Reply-To: /m.test(mail))!)![1]!
      .replace(/[<>]/g, '');
    expect(replyTo).toContain(`reply+${number.toLowerCase()}.`);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: 'ana@example.com',
      to: replyTo,
      subject: 'Re: Seats',
      text: 'Row 12.\n\n> Which seats?',
    });
    transport.close();

    const ticket = (await (
      await fetch(`${api.url}/api/support/tickets/${number}`, { headers: { 'x-admin-password': PASSWORD } })
    ).json()) as {
      ticket: { messages: Array<{ message: string; is_admin: boolean }> };
    };
    expect(ticket.ticket.messages).toEqual([expect.objectContaining({ message: 'Row 12.', is_admin: false })]);

    expect(await api.kill('SIGTERM')).toBe(0);
    expect(await worker.kill('SIGTERM')).toBe(0);
  });
});
