/** What a visitor's lookup answers: the status view for the number alone, the detail with the ticket's token. */
import type { PublicTicketDetail, TicketStatusView } from '@evently/support/contracts';

export type PublicTicket = TicketStatusView | PublicTicketDetail;

export function hasConversation(ticket: PublicTicket): ticket is PublicTicketDetail {
  return 'messages' in ticket && Array.isArray(ticket.messages);
}
