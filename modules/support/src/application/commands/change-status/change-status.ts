/** An administrator sets a ticket's status, optionally with a message to the visitor (spec 02 §4). */
import { withVersionRetry } from '@evently/platform';
import type { Stored } from '@evently/platform';
import type { StatusUpdateInput } from '../../../contracts/admin.ts';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { decideAdminStatus } from '../../../domain/status-rules.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { SUPPORT_TICKETS } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';

export const supportSenderName = (appName: string) => `${appName} Support`;

/** The ticket after the change, or null when no ticket has that number. */
export function changeTicketStatus(ctx: SupportContext, ticketNumber: string, input: StatusUpdateInput): Promise<Stored<Ticket> | null> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx) => {
      const ticket = await findByNumber(tx, ticketNumber);
      if (!ticket) return null;
      const now = ctx.clock.now();
      const reply = input.admin_message
        ? { sender_name: input.admin_name ?? supportSenderName(ctx.appName), message: input.admin_message, is_admin: true, created_at: now.toISOString() }
        : null;
      const decision = decideAdminStatus(ticket, input.status, reply);
      if (decision.kind === 'unchanged') return ticket;
      const updated = await tx.update<Ticket>(SUPPORT_TICKETS, ticket.id, ticket.version, decision.patch);
      const ref = { ticket_id: updated.id, ticket_number: updated.ticket_number };
      await tx.appendOutbox([
        decision.kind === 'reply'
          ? ticketMessage(
              supportMessageTypes.messagePosted,
              updated.id,
              updated.version,
              { ...ref, is_admin: true, message_index: decision.messageIndex, status: updated.status, previous_status: ticket.status },
              now,
            )
          : ticketMessage(
              supportMessageTypes.statusChanged,
              updated.id,
              updated.version,
              { ...ref, from: decision.from, to: decision.to, admin_message_posted: decision.messageIndex !== null, message_index: decision.messageIndex },
              now,
            ),
      ]);
      return updated;
    }),
  );
}
