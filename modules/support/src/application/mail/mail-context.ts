/** What the mail consumers need beyond the shared context. */
import type { MailboxCap, Mailer } from '@evently/platform';
import type { SupportContext } from '../context.ts';

export interface SupportMailContext extends SupportContext {
  mailer: Mailer;
  /** The site's allowance of mail per recipient mailbox, which ticket confirmations go through. */
  mailboxCap: MailboxCap;
}

/** A stable Message-ID per bus message, so a mail can be traced back to the change that caused it. */
export function mailMessageId(kind: string, busMessageId: string, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<support-${kind}-${busMessageId}@${host}>`;
}
