/**
 * The admin queue: newest first or the longest-waiting visitor first, optionally one status, a search over
 * subject, name and number, and Mine / Unassigned; with counts per status and each ticket's first-response
 * target, so the panel can show what is due and what is late.
 */
import type { Where } from '@evently/platform';
import { MAX_ADMIN_LIST, type AdminListQuery } from '../../../contracts/admin.ts';
import type { AdminQueue, AdminQueueRow } from '../../../contracts/ticket-answers.ts';
import { ticketSla } from '../../../domain/sla.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../../contracts/vocabulary.ts';
import { toAdminSummary } from '../../../domain/ticket-views.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';

/** `agentName` is the asking agent's, for `mine`; an agent without a name has nothing of their own. */
export async function listTickets(
  ctx: SupportContext,
  query: AdminListQuery,
  agentName: string | null = null,
): Promise<AdminQueue> {
  const where: Where = {};
  if (query.status) where.status = query.status;
  if (query.search) {
    const contains = { contains: query.search };
    where.or = [{ subject: contains }, { user_name: contains }, { ticket_number: contains }];
  }
  if (query.assignee === 'unassigned') where.assignee = null;
  if (query.assignee === 'mine' && agentName) where.assignee = agentName;
  const now = ctx.clock.now();
  const tickets =
    query.assignee === 'mine' && !agentName
      ? []
      : await ticketsCollection.find(ctx.store, {
          where,
          sort: [{ field: 'created_at', direction: 'desc' }],
          limit: MAX_ADMIN_LIST,
        });
  const rows = tickets.map((ticket) => ({
    ...toAdminSummary(ticket),
    sla: ticketSla(ticket, now, ctx.firstResponseHours),
  }));
  if (query.sort === 'oldest_waiting') rows.sort(byLongestWait);
  const counts = Object.fromEntries(
    await Promise.all(
      TICKET_STATUSES.map(async (status) => [status, await ticketsCollection.count(ctx.store, { status })] as const),
    ),
  ) as Record<TicketStatus, number>;
  return {
    tickets: rows,
    counts: { ...counts, all: TICKET_STATUSES.reduce((sum, status) => sum + counts[status], 0) },
  };
}

/** Waiting visitors first, the longest wait at the top; tickets where the team spoke last follow, newest first. */
function byLongestWait(a: AdminQueueRow, b: AdminQueueRow): number {
  const left = a.sla.awaiting_reply_since;
  const right = b.sla.awaiting_reply_since;
  if (left && right) return left.localeCompare(right);
  if (left) return -1;
  if (right) return 1;
  return b.created_at.localeCompare(a.created_at);
}
