/** An agent takes a ticket, hands it to a named colleague, or leaves it unassigned. */
import { withVersionRetry, type Stored } from '@evently/platform';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import { recordActivity } from '../../activity/ticket-activity.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';
import { agentSignature } from '../change-status/change-status.ts';

/** The ticket after the change (unchanged when it already had that assignee), or null when none has that number. */
export function assignTicket(
  ctx: SupportContext,
  ticketNumber: string,
  assignee: string | null,
  agentName: string | null,
): Promise<Stored<Ticket> | null> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx) => {
      const ticket = await findByNumber(tx, ticketNumber);
      if (!ticket) return null;
      const previous = ticket.assignee ?? null;
      if (previous === assignee) return ticket;
      const now = ctx.clock.now();
      const updated = await ticketsCollection.update(tx, ticket.id, ticket.version, { assignee });
      await recordActivity(tx, {
        ticket_id: ticket.id,
        kind: 'assigned',
        actor: agentSignature(agentName),
        at: now.toISOString(),
        from: previous,
        to: assignee,
      });
      await tx.appendOutbox([
        ticketMessage(
          supportMessageTypes.assigned,
          updated.id,
          updated.version,
          { ticket_id: updated.id, ticket_number: updated.ticket_number, assigned: assignee !== null },
          now,
        ),
      ]);
      return updated;
    }),
  );
}
