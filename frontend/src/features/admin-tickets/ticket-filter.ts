import type { AdminQueueRow as AdminTicketSummary, TicketStatus } from '@evently/support/contracts';

export type StatusFilter = 'all' | TicketStatus;

/**
 * Spec 02 "Tickets tab": the search matches subject, user name or ticket number, case-insensitively; the
 * status filter keeps one status or all. Order is kept (newest first, as loaded).
 */
export function filterTickets<T extends Pick<AdminTicketSummary, 'subject' | 'user_name' | 'ticket_number' | 'status'>>(
  tickets: readonly T[],
  search: string,
  status: StatusFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return tickets.filter((ticket) => {
    if (status !== 'all' && ticket.status !== status) return false;
    if (!needle) return true;
    return [ticket.subject, ticket.user_name, ticket.ticket_number].some((value) =>
      value.toLowerCase().includes(needle),
    );
  });
}
