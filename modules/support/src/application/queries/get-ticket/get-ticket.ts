/**
 * The Track Ticket lookup and the admin detail: one ticket by number, shown as much as the caller may see
 * (domain/ticket-views.ts). A wrong token is refused outright rather than quietly downgraded to the summary,
 * so a visitor with a mangled link learns that the link is the problem.
 */
import type { Stored } from '@evently/platform';
import type { AdminTicketDetail, PublicTicketDetail, TicketStatusView } from '../../../contracts/ticket-answers.ts';
import { tokensMatch } from '../../../domain/access-token.ts';
import { ticketSla } from '../../../domain/sla.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { toAdminTicket, toPublicDetail, toStatusView } from '../../../domain/ticket-views.ts';
import { ticketActivity } from '../../activity/ticket-activity.ts';
import type { SupportContext } from '../../context.ts';
import { findByNumber } from '../../find-ticket.ts';

export type TicketReader = { kind: 'admin' } | { kind: 'visitor'; token: string | null };

export type GetTicketResult =
  | { status: 'found'; ticket: AdminTicketDetail | PublicTicketDetail | TicketStatusView }
  | { status: 'not_found' }
  | { status: 'forbidden' };

export async function getTicket(
  ctx: SupportContext,
  ticketNumber: string,
  reader: TicketReader,
): Promise<GetTicketResult> {
  const ticket = await findByNumber(ctx.store, ticketNumber);
  if (!ticket) return { status: 'not_found' };
  if (reader.kind === 'admin') return { status: 'found', ticket: await adminTicketDetail(ctx, ticket) };
  if (reader.token === null) return { status: 'found', ticket: toStatusView(ticket) };
  if (!tokensMatch(reader.token, ticket.access_token)) return { status: 'forbidden' };
  return { status: 'found', ticket: toPublicDetail(ticket) };
}

export async function adminTicketDetail(ctx: SupportContext, ticket: Stored<Ticket>): Promise<AdminTicketDetail> {
  return {
    ...toAdminTicket(ticket),
    activity: await ticketActivity(ctx.store, ticket.id),
    sla: ticketSla(ticket, ctx.clock.now(), ctx.firstResponseHours),
  };
}
