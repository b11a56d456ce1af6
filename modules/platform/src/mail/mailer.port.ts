/**
 * Mailer: outgoing e-mail as a port. `smtp` (nodemailer over SMTP_URL) in production; `eml-files` on the
 * embedded profile writes each message to `DATA_DIR/mail/` so a developer can open it, and logs one line.
 */
import type { Logger } from 'pino';
import { PermanentMessageError } from '../bus/dead-letters.ts';

export interface MailMessage {
  /** One plain address (`mail-address.ts`); anything else is refused before it reaches a transport. */
  to: string;
  /** Where replies go, e.g. the visitor behind a team notice; a plain address like `to`. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers such as `List-Unsubscribe` (addresses go in `to` and `replyTo`, which are checked). */
  headers?: Record<string, string>;
  /** Stable id for a logical message (e.g. one digest per subscriber and week); becomes the Message-ID. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** Where it went: the SMTP server's response or the `.eml` path. */
  destination: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'eml-files';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

export type CappedSend = { status: 'sent'; sent: SentMail } | { status: 'capped'; retryAfterSeconds: number };

/** The site-wide allowance of mail per recipient mailbox, for mail anyone can cause (`mailbox-cap.ts`). */
export interface MailboxCap {
  /** Sends `message` with `mailer` unless the recipient's mailbox used up its allowance; a failed send counts nothing. */
  send(mailer: Mailer, message: MailMessage): Promise<CappedSend>;
}

/** What a mailer is opened with: the relay (without one, `.eml` files in `dataDir/mail/`), the sender, the logger. */
export interface MailerSettings {
  /** `smtp://user:pass@host:port` or `smtps://...`; when absent, messages are written as `.eml` files. */
  smtpUrl?: string;
  /** Directory for `.eml` files on the embedded profile. */
  dataDir: string;
  from: string;
  logger: Logger;
}

/** Opens a mailer on the mail adapter the composition root picked (`createMailer` of `@evently/mail`). */
export type OpenMailer = (settings: MailerSettings) => Mailer;

/** The message's own fault: a retry would fail the same way, so it is set aside at once, never waited for. */
export class InvalidMailAddressError extends PermanentMessageError {
  constructor(field: 'to' | 'replyTo') {
    super(`mail not sent: its ${field} address is not a plain e-mail address`);
    this.name = 'InvalidMailAddressError';
  }
}
