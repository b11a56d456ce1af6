/** An administrator deletes a ticket for good (by id or number); the log keeps only the fact and the number. */
import { withVersionRetry } from '@evently/platform';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import { deleteActivity } from '../../activity/ticket-activity.ts';
import type { SupportContext } from '../../context.ts';
import { findByIdOrNumber } from '../../find-ticket.ts';

/** True when a ticket was deleted, false when none matched. */
export function deleteTicket(ctx: SupportContext, ref: string): Promise<boolean> {
  return withVersionRetry(() =>
    ctx.store.transaction(async (tx) => {
      const ticket = await findByIdOrNumber(tx, ref);
      if (!ticket) return false;
      await ticketsCollection.delete(tx, ticket.id, ticket.version);
      await deleteActivity(tx, ticket.id);
      // The deletion is the aggregate's last change: one past the version it had.
      await tx.appendOutbox([
        ticketMessage(
          supportMessageTypes.deleted,
          ticket.id,
          ticket.version + 1,
          { ticket_id: ticket.id, ticket_number: ticket.ticket_number },
          ctx.clock.now(),
        ),
      ]);
      return true;
    }),
  );
}
