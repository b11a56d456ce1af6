/** What the mail consumers need beyond the shared context. */
import type { MailboxCap, Mailer } from '@evently/platform';
import { replyAddress, ticketThreadId } from '../../domain/reply-address.ts';
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

/**
 * Reply-To and threading headers of a mail about one ticket: the confirmation is the thread's first message
 * (its Message-ID is the ticket's thread id); every later mail points back at it, so mail clients group the
 * conversation. With reply addresses configured, Reply-To is the ticket's own signed address.
 */
export function ticketMailHeaders(
  ctx: SupportMailContext,
  ticket: { id: string; ticket_number: string },
  first: boolean,
): { replyTo?: string; headers?: Record<string, string>; messageId?: string } {
  const thread = ticketThreadId(ticket.id, ctx.publicUrl);
  return {
    ...(ctx.replies ? { replyTo: replyAddress(ctx.replies, ticket.ticket_number) } : {}),
    ...(first ? { messageId: thread } : { headers: { 'In-Reply-To': thread, References: thread } }),
  };
}
