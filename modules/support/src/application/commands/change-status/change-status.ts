/** An administrator sets a ticket's status, optionally with a message to the visitor (spec 02 §4). */
import { withVersionRetry } from '@evently/platform';
import type { Stored } from '@evently/platform';
import type { StatusUpdateInput } from '../../../contracts/admin.ts';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { decideAdminStatus } from '../../../domain/status-rules.ts';
import { UNNAMED_AGENT } from '../../../contracts/vocabulary.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { recordActivity } from '../../activity/ticket-activity.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';

/** What signs an agent's reply, note or change: the name they gave, else the team's. */
export const agentSignature = (name: string | null | undefined) => (name && name.trim() ? name.trim() : UNNAMED_AGENT);

/**
 * The ticket after the change, or null when no ticket has that number. `agentName` is the session's agent; the
 * body's `admin_name` (what older panels send) signs only when the session has none.
 */
export function changeTicketStatus(
  ctx: SupportContext,
  ticketNumber: string,
  input: StatusUpdateInput,
  agentName: string | null = null,
): Promise<Stored<Ticket> | null> {
  const actor = agentSignature(agentName ?? input.admin_name);
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx) => {
      const ticket = await findByNumber(tx, ticketNumber);
      if (!ticket) return null;
      const now = ctx.clock.now();
      const at = now.toISOString();
      const reply = input.admin_message
        ? { sender_name: actor, message: input.admin_message, is_admin: true, created_at: at }
        : null;
      const decision = decideAdminStatus(ticket, input.status, reply);
      if (decision.kind === 'unchanged') return ticket;
      const answered = reply ? { first_response_at: ticket.first_response_at ?? at, awaiting_reply_since: null } : {};
      const updated = await ticketsCollection.update(tx, ticket.id, ticket.version, {
        ...decision.patch,
        ...answered,
      });
      if (decision.kind === 'status_changed') {
        await recordActivity(tx, {
          ticket_id: ticket.id,
          kind: 'status_changed',
          actor,
          at,
          from: decision.from,
          to: decision.to,
        });
      }
      if (decision.messageIndex !== null) {
        await recordActivity(tx, {
          ticket_id: ticket.id,
          kind: 'reply',
          actor,
          at,
          message_index: decision.messageIndex,
        });
      }
      const ref = { ticket_id: updated.id, ticket_number: updated.ticket_number };
      await tx.appendOutbox([
        decision.kind === 'reply'
          ? ticketMessage(
              supportMessageTypes.messagePosted,
              updated.id,
              updated.version,
              {
                ...ref,
                is_admin: true,
                message_index: decision.messageIndex,
                status: updated.status,
                previous_status: ticket.status,
              },
              now,
            )
          : ticketMessage(
              supportMessageTypes.statusChanged,
              updated.id,
              updated.version,
              {
                ...ref,
                from: decision.from,
                to: decision.to,
                admin_message_posted: decision.messageIndex !== null,
                message_index: decision.messageIndex,
              },
              now,
            ),
      ]);
      return updated;
    }),
  );
}
