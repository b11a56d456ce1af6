/**
 * Both Mailer adapters use nodemailer so the bytes written to an `.eml` file are exactly what SMTP would
 * carry: `streamTransport` with `buffer: true` renders the message without sending it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailMessage, Mailer, SentMail } from './mailer.port.ts';

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://...`; when absent, messages are written as `.eml` files. */
  smtpUrl?: string;
  /** Directory for `.eml` files on the embedded profile. */
  dataDir: string;
  from: string;
  logger: Logger;
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    ...(message.messageId ? { messageId: message.messageId } : {}),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options, options.smtpUrl) : createEmlFileMailer(options);
}

function createSmtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, options.from));
      options.logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      return { messageId: info.messageId, destination: String(info.response ?? 'smtp') };
    },
    async close() {
      transport.close();
    },
  };
}

function createEmlFileMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(options.dataDir, 'mail');
  let sequence = 0;
  return {
    kind: 'eml-files',
    async send(message): Promise<SentMail> {
      const info = await transport.sendMail(toNodemailer(message, options.from));
      await mkdir(dir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${process.pid}-${sequence}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written');
      return { messageId: info.messageId, destination: file };
    },
    async close() {
      transport.close();
    },
  };
}
