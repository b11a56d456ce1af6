/**
 * Replies by mail through the processes docker-compose runs: the worker listens on INBOUND_SMTP_PORT, the
 * confirmation mail it writes carries the ticket's signed Reply-To, and a reply sent there from the visitor's
 * address shows in the ticket the api serves.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '@evently/platform/testing';
import { logRecord, spawnBackend, type BackendProcess } from '../testing/spawn-backend.ts';
import { openTicket } from '../testing/support-calls.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'evently-inbound-'));
const running: BackendProcess[] = [];
const PASSWORD = 'inbound-mail-password';

afterAll(async () => {
  await Promise.all(running.map((backend) => backend.kill('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

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
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      SUPPORT_REPLY_SECRET: 'a-worker-secret-of-at-least-32-characters',
      SUPPORT_REPLY_DOMAIN: 'reply.evently.test',
      INBOUND_SMTP_PORT: '0',
    };
    const worker = spawnBackend(['worker'], env);
    running.push(worker);
    const listening = logRecord(
      await worker.waitForLine((line) => String(logRecord(line)?.msg ?? '').startsWith('inbound SMTP listener')),
    );
    const smtpPort = Number(listening?.port);
    await worker.waitForLine((line) => logRecord(line)?.msg === 'worker started');
    const api = spawnBackend(['api'], { ...env, INBOUND_SMTP_PORT: '' });
    running.push(api);
    const url = String(
      logRecord(await api.waitForLine((line) => String(logRecord(line)?.msg ?? '').endsWith('is listening')))?.url,
    );

    const { number } = await openTicket(url, { subject: 'Seats', description: 'Which seats?' });
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
      await fetch(`${url}/api/support/tickets/${number}`, { headers: { 'x-admin-password': PASSWORD } })
    ).json()) as {
      ticket: { messages: Array<{ message: string; is_admin: boolean }> };
    };
    expect(ticket.ticket.messages).toEqual([expect.objectContaining({ message: 'Row 12.', is_admin: false })]);

    expect(await api.kill('SIGTERM')).toBe(0);
    expect(await worker.kill('SIGTERM')).toBe(0);
  });
});
