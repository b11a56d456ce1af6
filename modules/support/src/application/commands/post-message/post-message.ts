/**
 * A message added to a ticket's conversation: by an administrator (any state, status untouched; a reply to the
 * visitor or an internal note for the team) or by the visitor holding the ticket's token (always stored as a
 * visitor message, under the ticket's own user name; reopens a ticket waiting for them or resolved, refused on a
 * closed one). Each lands on the ticket's timeline; a reply also stops the visitor's wait for the team.
 */
import { withVersionRetry } from '@evently/platform';
import type { Stored } from '@evently/platform';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { tokensMatch } from '../../../domain/access-token.ts';
import { VISITOR_ACTOR } from '../../../domain/activity.ts';
import { decideAdminReply, decideInternalNote, decideVisitorFollowUp } from '../../../domain/status-rules.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { recordActivity } from '../../activity/ticket-activity.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';
import { agentSignature } from '../change-status/change-status.ts';

export type PostMessageAuthor =
  | { kind: 'admin'; senderName: string | null; internal?: boolean }
  | { kind: 'visitor'; token: string | null }
  /** A reply by mail to the ticket's signed address; accepted only from the ticket's own address. */
  | { kind: 'email'; from: string };

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
      const at = now.toISOString();
      let decision: { patch: Partial<Ticket>; messageIndex: number };
      const internal = author.kind === 'admin' && author.internal === true;
      if (author.kind === 'admin') {
        const message = {
          sender_name: agentSignature(author.senderName),
          message: text,
          is_admin: true,
          created_at: at,
        };
        decision = internal ? decideInternalNote(ticket, message) : decideAdminReply(ticket, message);
        if (!internal)
          decision.patch = {
            ...decision.patch,
            first_response_at: ticket.first_response_at ?? at,
            awaiting_reply_since: null,
          };
      } else {
        const allowed =
          author.kind === 'email'
            ? author.from.trim().toLowerCase() === ticket.user_email.trim().toLowerCase()
            : Boolean(author.token && tokensMatch(author.token, ticket.access_token));
        if (!allowed) return { status: 'forbidden' };
        const followUp = decideVisitorFollowUp(ticket, {
          sender_name: ticket.user_name,
          message: text,
          is_admin: false,
          created_at: now.toISOString(),
        });
        if (followUp.kind === 'refused_closed') return { status: 'closed' };
        decision = {
          ...followUp,
          patch: { ...followUp.patch, awaiting_reply_since: ticket.awaiting_reply_since ?? at },
        };
      }
      const updated = await ticketsCollection.update(tx, ticket.id, ticket.version, decision.patch);
      await recordActivity(tx, {
        ticket_id: ticket.id,
        kind: author.kind === 'admin' ? (internal ? 'note' : 'reply') : 'visitor_message',
        actor: author.kind === 'admin' ? agentSignature(author.senderName) : VISITOR_ACTOR,
        ...(author.kind === 'email' ? { detail: 'by e-mail' } : {}),
        at,
        message_index: decision.messageIndex,
      });
      if (updated.status !== ticket.status) {
        await recordActivity(tx, {
          ticket_id: ticket.id,
          kind: 'status_changed',
          actor: VISITOR_ACTOR,
          at,
          from: ticket.status,
          to: updated.status,
        });
      }
      await tx.appendOutbox([
        ticketMessage(
          supportMessageTypes.messagePosted,
          updated.id,
          updated.version,
          {
            ticket_id: updated.id,
            ticket_number: updated.ticket_number,
            is_admin: author.kind === 'admin',
            ...(internal ? { is_internal: true } : {}),
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
