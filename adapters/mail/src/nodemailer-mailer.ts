/**
 * Both Mailer adapters use nodemailer so the bytes written to an `.eml` file are exactly what SMTP would
 * carry: `streamTransport` with `buffer: true` renders the message without sending it.
 *
 * Recipients reach nodemailer as parsed address objects, never as strings: nodemailer's own parser would read
 * `v1<victim@x.example>.z` as a name around `victim@x.example`. An address that is not one plain addr-spec is
 * refused here, whoever stored it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import {
  parseMailAddress,
  InvalidMailAddressError,
  type MailMessage,
  type Mailer,
  type MailerSettings,
  type SentMail,
  DependencyOutage,
  outageOf,
  PermanentMessageError,
} from '@evently/platform';

function addressObject(raw: string, field: 'to' | 'replyTo') {
  const parsed = parseMailAddress(raw);
  if (!parsed) throw new InvalidMailAddressError(field);
  return { name: '', address: parsed.address };
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: addressObject(message.to, 'to'),
    ...(message.replyTo ? { replyTo: addressObject(message.replyTo, 'replyTo') } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    ...(message.messageId ? { messageId: message.messageId } : {}),
  };
}

export function createMailer(options: MailerSettings): Mailer {
  return options.smtpUrl ? createSmtpMailer(options, options.smtpUrl) : createEmlFileMailer(options);
}

/** nodemailer's codes for a relay that refused our credentials, TLS or protocol: nothing about this message. */
const relayCodes = new Set(['EAUTH', 'ENOAUTH', 'ETLS', 'EPROTOCOL', 'EPROXY']);

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/**
 * What a failed SMTP send means for the message. The server unreachable, a connection lost or timed out, a
 * 4xx reply (RFC 5321: try again later), credentials or TLS refused: the relay is unavailable, and the consumer
 * waits for it. A 5xx reply to this message (an unknown mailbox, a refused recipient or content): the
 * message can never be sent as it is.
 */
export function classifySmtpFailure(error: unknown): Error {
  const { code, responseCode, command } = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const detail = error instanceof Error ? error.message : String(error);
  if ((typeof code === 'string' && relayCodes.has(code)) || outageOf(error))
    return new DependencyOutage('smtp', `SMTP relay unavailable: ${detail}`, { cause: error });
  if (typeof responseCode === 'number' && responseCode >= 500 && code === 'EENVELOPE') {
    return new PermanentMessageError(
      `SMTP relay refused the recipient${typeof command === 'string' ? ` (${command})` : ''}: ${detail}`,
      { cause: error },
    );
  }
  if (typeof responseCode === 'number' && responseCode >= 500 && code === 'EMESSAGE') {
    return new PermanentMessageError(`SMTP relay refused the message: ${detail}`, { cause: error });
  }
  return error instanceof Error ? error : new Error(detail);
}

/**
 * Logs name the recipient's domain, never the address: log lines are kept and shipped where an erasure cannot
 * reach them, and the domain is what an operator needs to see which provider refuses or delays mail.
 */
function recipientDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1 ? 'unknown' : address.slice(at + 1).toLowerCase();
}

function createSmtpMailer(options: MailerSettings, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      let info;
      try {
        info = await transport.sendMail(toNodemailer(message, options.from));
      } catch (error) {
        throw classifySmtpFailure(error);
      }
      options.logger.info(
        { toDomain: recipientDomain(message.to), subject: message.subject, messageId: info.messageId },
        'mail sent',
      );
      return { messageId: info.messageId, destination: String(info.response ?? 'smtp') };
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Each message is its own file, named by the time and a random id: every module's mailer in every process
 * writes into the same folder, so nothing shared (a pid, a counter) could keep two names apart. The bytes go
 * to a hidden temporary file first and are renamed into place, so a reader (or a crash) never meets half a
 * message under an `.eml` name.
 */
async function writeEmlFile(dir: string, bytes: Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
  const file = join(dir, name);
  const temporary = join(dir, `.${name}.tmp`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  return file;
}

function createEmlFileMailer(options: MailerSettings): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(options.dataDir, 'mail');
  return {
    kind: 'eml-files',
    async send(message): Promise<SentMail> {
      const info = await transport.sendMail(toNodemailer(message, options.from));
      const file = await writeEmlFile(dir, info.message as Buffer);
      options.logger.info({ toDomain: recipientDomain(message.to), subject: message.subject, file }, 'mail written');
      return { messageId: info.messageId, destination: file };
    },
    async close() {
      transport.close();
    },
  };
}
