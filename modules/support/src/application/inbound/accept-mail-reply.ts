/**
 * A visitor's reply by mail, as the inbound listener hands it over: appended to the ticket as their message
 * (reopening a resolved ticket, refused on a closed one), pushed live and noted on the timeline like any
 * follow-up. Only the ticket's own address may write to it; the signed recipient says which ticket.
 */
import { LIMITS } from '../../contracts/fields.ts';
import { stripQuotedReply } from '../../domain/reply-text.ts';
import { postTicketMessage } from '../commands/post-message/post-message.ts';
import type { SupportContext } from '../context.ts';

export type MailReplyOutcome = 'appended' | 'not_found' | 'wrong_sender' | 'closed' | 'empty';

export async function acceptMailReply(
  ctx: SupportContext,
  ticketNumber: string,
  from: string,
  body: string,
): Promise<MailReplyOutcome> {
  const text = stripQuotedReply(body).slice(0, LIMITS.message);
  if (!text) return 'empty';
  const result = await postTicketMessage(ctx, ticketNumber, text, { kind: 'email', from });
  if (result.status === 'posted') return 'appended';
  if (result.status === 'forbidden') return 'wrong_sender';
  return result.status;
}
