/**
 * A message added to a ticket's conversation: by an administrator (any state, status untouched) or by the
 * visitor holding the ticket's token (always stored as a visitor message, under the ticket's own user name;
 * reopens a ticket waiting for them or resolved, refused on a closed one).
 */
import { withVersionRetry } from '@evently/platform';
import type { Stored } from '@evently/platform';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { tokensMatch } from '../../../domain/access-token.ts';
import { decideAdminReply, decideVisitorFollowUp } from '../../../domain/status-rules.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { SUPPORT_TICKETS } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';
import { supportSenderName } from '../change-status/change-status.ts';

export type PostMessageAuthor = { kind: 'admin'; senderName: string | null } | { kind: 'visitor'; token: string | null };

export type PostMessageResult =
  | { status: 'posted'; ticket: Stored<Ticket> }
  | { status: 'not_found' }
  | { status: 'forbidden' }
  | { status: 'closed' };

export function postTicketMessage(
  ctx: SupportContext,
  ticketNumber: string,
  text: string,
  author: PostMessageAuthor,
): Promise<PostMessageResult> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx): Promise<PostMessageResult> => {
      const ticket = await findByNumber(tx, ticketNumber);
      if (!ticket) return { status: 'not_found' };
      const now = ctx.clock.now();
      let decision: { patch: Partial<Ticket>; messageIndex: number };
      if (author.kind === 'admin') {
        const senderName = author.senderName ?? supportSenderName(ctx.appName);
        decision = decideAdminReply(ticket, { sender_name: senderName, message: text, is_admin: true, created_at: now.toISOString() });
      } else {
        if (!author.token || !tokensMatch(author.token, ticket.access_token)) return { status: 'forbidden' };
        const followUp = decideVisitorFollowUp(ticket, {
          sender_name: ticket.user_name,
          message: text,
          is_admin: false,
          created_at: now.toISOString(),
        });
        if (followUp.kind === 'refused_closed') return { status: 'closed' };
        decision = followUp;
      }
      const updated = await tx.update<Ticket>(SUPPORT_TICKETS, ticket.id, ticket.version, decision.patch);
      await tx.appendOutbox([
        ticketMessage(
          supportMessageTypes.messagePosted,
          updated.id,
          updated.version,
          {
            ticket_id: updated.id,
            ticket_number: updated.ticket_number,
            is_admin: author.kind === 'admin',
            message_index: decision.messageIndex,
            status: updated.status,
            previous_status: ticket.status,
          },
          now,
        ),
      ]);
      return { status: 'posted', ticket: updated };
    }),
  );
}
