/**
 * The mailers as modules use them: every module's `.eml` mailer writing into one folder at once loses no
 * message, and no transport ever mails anything but the one plain address it was given.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createModuleMailer,
  InvalidMailAddressError,
  silentLogger,
  type MailMessage,
  type Mailer,
} from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import { createMailer } from './nodemailer-mailer.ts';
import { parseMail } from './testing/mime.ts';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.ts';

let dataDir: { dir: string; remove: () => Promise<void> };

beforeEach(async () => {
  dataDir = await createTempDataDir('evently-mail-');
});
afterEach(async () => {
  await dataDir.remove();
});

const moduleMailer = (name: string, smtpUrl?: string): Mailer =>
  createModuleMailer(
    { dataDir: dataDir.dir, logger: silentLogger(), openMailer: createMailer },
    { name, smtpUrl, from: `Evently ${name} <no-reply@evently.test>` },
  );

const mail = (to: string, subject: string, extra: Partial<MailMessage> = {}): MailMessage => ({
  to,
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
  ...extra,
});

const files = async () => readdir(join(dataDir.dir, 'mail')).catch(() => [] as string[]);

describe('.eml files on the embedded profile', () => {
  it('keeps every message of a burst from several module mailers at once, each in its own complete file', async () => {
    const mailers = ['support', 'subscriptions', 'partnerships'].map((name) => moduleMailer(name));
    const perMailer = 60;
    const sent = await Promise.all(
      mailers.flatMap((mailer, m) =>
        Array.from({ length: perMailer }, (_, i) => mailer.send(mail(`reader${i}@example.org`, `burst ${m}-${i}`))),
      ),
    );

    const names = await files();
    expect(names.filter((name) => name.endsWith('.eml'))).toHaveLength(mailers.length * perMailer);
    // No temporary file is left behind, and every file is a whole message.
    expect(names.filter((name) => !name.endsWith('.eml'))).toEqual([]);
    const subjects = new Set<string>();
    for (const name of names) {
      const parsed = parseMail(await readFile(join(dataDir.dir, 'mail', name), 'utf8'));
      expect(parsed.text?.trim()).toBe(parsed.headers.get('subject'));
      subjects.add(parsed.headers.get('subject')!);
    }
    expect(subjects.size).toBe(mailers.length * perMailer);
    expect(new Set(sent.map((result) => result.destination)).size).toBe(sent.length);
    await Promise.all(mailers.map((mailer) => mailer.close()));
  });

  it('writes the address it was given as the only recipient', async () => {
    const mailer = moduleMailer('support');
    const { destination } = await mailer.send(mail('Victim+tag@X.example', 'hello', { replyTo: 'ana@example.org' }));
    const parsed = parseMail(await readFile(destination, 'utf8'));
    expect(parsed.headers.get('to')).toBe('Victim+tag@x.example');
    expect(parsed.headers.get('reply-to')).toBe('ana@example.org');
  });

  it("logs the recipient's domain, never the address", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createModuleMailer(
      { dataDir: dataDir.dir, logger, openMailer: createMailer },
      { name: 'support', smtpUrl: undefined, from: 'Evently <no-reply@evently.test>' },
    );
    await mailer.send(mail('Ana.Lopes@Example.org', 'Your ticket'));
    const written = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'mail written');
    expect(written).toMatchObject({ toDomain: 'example.org', subject: 'Your ticket' });
    expect(lines.join('\n').toLowerCase()).not.toContain('ana.lopes');
  });

  it.each(['v1<victim@x.example>.z', 'Victim <victim@x.example>', 'a@x.example, victim@x.example', '"a"@x.example'])(
    'refuses to write a mail to %j, and writes nothing',
    async (to) => {
      const mailer = moduleMailer('support');
      await expect(mailer.send(mail(to, 'nope'))).rejects.toBeInstanceOf(InvalidMailAddressError);
      await expect(mailer.send(mail('ana@example.org', 'nope', { replyTo: to }))).rejects.toBeInstanceOf(
        InvalidMailAddressError,
      );
      expect(await files()).toEqual([]);
    },
  );
});

describe('SMTP', () => {
  let smtp: SmtpSink;
  beforeEach(async () => {
    smtp = await startSmtpSink();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('hands the server exactly the one address, never what a parser would make of a crafted string', async () => {
    const mailer = moduleMailer('support', smtp.url);
    await mailer.send(mail('ana+news@example.org', 'to ana'));
    await expect(mailer.send(mail('v1<victim@x.example>.z', 'to the victim'))).rejects.toBeInstanceOf(
      InvalidMailAddressError,
    );
    expect(smtp.messages.map((received) => received.envelopeTo)).toEqual([['ana+news@example.org']]);
    await mailer.close();
  });
});
