/**
 * The queue's views over the one live list: Mine / Unassigned / All, the order (newest first as the spec lists
 * them, or the visitor who has waited longest for the team first), and the counts per status.
 */
import { TICKET_STATUSES, type TicketStatus } from '@evently/support/contracts';
import type { AdminTicketSummary } from './api.ts';

export type AssigneeView = 'all' | 'mine' | 'unassigned';
export type QueueOrder = 'newest' | 'oldest_waiting';

export const ASSIGNEE_VIEWS: readonly { id: AssigneeView; label: string }[] = [
  { id: 'mine', label: 'Mine' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'all', label: 'All' },
];

export function byAssignee<T extends Pick<AdminTicketSummary, 'assignee'>>(
  tickets: readonly T[],
  view: AssigneeView,
  agentName: string | null,
): T[] {
  if (view === 'unassigned') return tickets.filter((ticket) => !ticket.assignee);
  if (view === 'mine') return agentName ? tickets.filter((ticket) => ticket.assignee === agentName) : [];
  return [...tickets];
}

const FINISHED: ReadonlySet<string> = new Set(['resolved', 'closed']);

/** Since when the visitor has waited for the team, or null (the team spoke last, or the ticket is done). */
export function waitingSince(
  ticket: Pick<AdminTicketSummary, 'sla' | 'status' | 'created_at' | 'messages_count'>,
): string | null {
  if (FINISHED.has(ticket.status)) return null;
  if (ticket.sla) return ticket.sla.awaiting_reply_since;
  return ticket.status === 'new' ? ticket.created_at : null;
}

export function ordered<T extends Pick<AdminTicketSummary, 'sla' | 'status' | 'created_at' | 'messages_count'>>(
  tickets: readonly T[],
  order: QueueOrder,
): T[] {
  const newest = [...tickets].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (order === 'newest') return newest;
  return newest.sort((a, b) => {
    const left = waitingSince(a);
    const right = waitingSince(b);
    if (left && right) return left.localeCompare(right);
    if (left) return -1;
    if (right) return 1;
    return 0;
  });
}

export function statusCounts(tickets: readonly Pick<AdminTicketSummary, 'status'>[]): Record<TicketStatus, number> {
  const counts = Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<TicketStatus, number>;
  for (const ticket of tickets) if (ticket.status in counts) counts[ticket.status as TicketStatus] += 1;
  return counts;
}
