/** An administrator deletes a ticket for good (by id or number); the log keeps only the fact and the number. */
import { deleteAggregate } from '@evently/platform';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import { deleteActivity } from '../../activity/ticket-activity.ts';
import type { SupportContext } from '../../context.ts';
import { findByIdOrNumber } from '../../find-ticket.ts';

/** True when a ticket was deleted, false when none matched. */
export function deleteTicket(ctx: SupportContext, ref: string): Promise<boolean> {
  return deleteAggregate({
    store: ctx.store,
    collection: ticketsCollection,
    find: (tx) => findByIdOrNumber(tx, ref),
    alsoDelete: (tx, ticket) => deleteActivity(tx, ticket.id),
    announce: (ticket, version) =>
      ticketMessage(
        supportMessageTypes.deleted,
        ticket.id,
        version,
        { ticket_id: ticket.id, ticket_number: ticket.ticket_number },
        ctx.clock.now(),
      ),
  });
}
