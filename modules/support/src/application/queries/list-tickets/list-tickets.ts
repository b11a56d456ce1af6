/** The admin panel's ticket list: newest first, optionally one status and a search over subject, name and number. */
import type { Where } from '@evently/platform';
import { MAX_ADMIN_LIST, type AdminListQuery } from '../../../contracts/admin.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { toAdminSummary, type AdminTicketSummary } from '../../../domain/ticket-views.ts';
import { SUPPORT_TICKETS } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';

export async function listTickets(ctx: SupportContext, query: AdminListQuery): Promise<AdminTicketSummary[]> {
  const where: Where = {};
  if (query.status) where.status = query.status;
  if (query.search) {
    const contains = { contains: query.search };
    where.or = [{ subject: contains }, { user_name: contains }, { ticket_number: contains }];
  }
  const tickets = await ctx.store.find<Ticket>(SUPPORT_TICKETS, {
    where,
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: MAX_ADMIN_LIST,
  });
  return tickets.map(toAdminSummary);
}
