/**
 * Mailer: outgoing e-mail as a port. `smtp` (nodemailer over SMTP_URL) in production; `eml-files` on the
 * embedded profile writes each message to `DATA_DIR/mail/` so a developer can open it, and logs one line.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers such as `List-Unsubscribe`. */
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
