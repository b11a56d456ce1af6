/**
 * Mailer: outgoing e-mail as a port. `smtp` (nodemailer over SMTP_URL) in production; `eml-files` on the
 * embedded profile writes each message to `DATA_DIR/mail/` so a developer can open it, and logs one line.
 */
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
