/**
 * A visitor opens a ticket. The number's sequence is drawn from the year's counter inside the same transaction
 * as the insert, so concurrent creations get distinct consecutive numbers on both stores, and a rolled-back
 * creation gives its number back. The confirmation mails are sent by the worker from `SupportTicketOpened`.
 */
import type { Stored } from '@evently/platform';
import type { CreateTicketInput } from '../../../contracts/create-ticket.ts';
import { supportMessageTypes, ticketMessage } from '../../../contracts/messages.ts';
import { newAccessToken } from '../../../domain/access-token.ts';
import type { Ticket } from '../../../domain/ticket.ts';
import { formatTicketNumber, ticketCounterName } from '../../../domain/ticket-number.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import { VISITOR_ACTOR } from '../../../domain/activity.ts';
import { recordActivity } from '../../activity/ticket-activity.ts';
import type { SupportContext } from '../../context.ts';

export interface CreatedTicket {
  ticket: Stored<Ticket>;
  /** Returned once to the creating browser and put in the confirmation mail's tracking link. */
  accessToken: string;
}

export async function createTicket(
  ctx: SupportContext,
  input: Omit<CreateTicketInput, 'website'>,
): Promise<CreatedTicket> {
  const now = ctx.clock.now();
  const year = now.getUTCFullYear();
  const accessToken = newAccessToken();
  const ticket = await ctx.store.transaction(async (tx) => {
    const sequence = await tx.nextCounter(ticketCounterName(year));
    const created = await ticketsCollection.insert(tx, {
      ticket_number: formatTicketNumber(year, sequence),
      user_name: input.user_name,
      user_email: input.user_email,
      user_phone: input.user_phone,
      subject: input.subject,
      description: input.description,
      category: input.category,
      priority: input.priority,
      status: 'new',
      page_url: input.page_url,
      browser_info: input.browser_info,
      messages_count: 0,
      resolution: null,
      messages: [],
      access_token: accessToken,
      assignee: null,
      first_response_at: null,
      awaiting_reply_since: now.toISOString(),
    });
    await recordActivity(tx, {
      ticket_id: created.id,
      kind: 'opened',
      actor: VISITOR_ACTOR,
      at: now.toISOString(),
      to: 'new',
    });
    await tx.appendOutbox([
      ticketMessage(
        supportMessageTypes.opened,
        created.id,
        created.version,
        {
          ticket_id: created.id,
          ticket_number: created.ticket_number,
          status: created.status,
          category: created.category,
          priority: created.priority,
        },
        now,
      ),
    ]);
    return created;
  });
  return { ticket, accessToken };
}
