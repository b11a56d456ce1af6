/** An agent re-rates a ticket's priority; its first-response due time follows. */
import { withVersionRetry, type Stored } from '@evently/platform';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import type { TicketPriority } from '../../../contracts/vocabulary.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import { recordActivity } from '../../activity/ticket-activity.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';
import { agentSignature } from '../change-status/change-status.ts';

export function setTicketPriority(
  ctx: SupportContext,
  ticketNumber: string,
  priority: TicketPriority,
  agentName: string | null,
): Promise<Stored<Ticket> | null> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx) => {
      const ticket = await findByNumber(tx, ticketNumber);
      if (!ticket) return null;
      if (ticket.priority === priority) return ticket;
      const now = ctx.clock.now();
      const updated = await ticketsCollection.update(tx, ticket.id, ticket.version, { priority });
      await recordActivity(tx, {
        ticket_id: ticket.id,
        kind: 'priority_changed',
        actor: agentSignature(agentName),
        at: now.toISOString(),
        from: ticket.priority,
        to: priority,
      });
      await tx.appendOutbox([
        ticketMessage(
          supportMessageTypes.priorityChanged,
          updated.id,
          updated.version,
          { ticket_id: updated.id, ticket_number: updated.ticket_number, from: ticket.priority, to: priority },
          now,
        ),
      ]);
      return updated;
    }),
  );
}
