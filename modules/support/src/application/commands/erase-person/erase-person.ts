/**
 * Erasure: every ticket opened with the address goes, conversation and all, each through `deleteTicket`, so the
 * log announces it like any deletion. What the tickets held that names the person (the name on the ticket and
 * on the visitor's follow-ups, the phone) is reported for the log's redaction.
 */
import { documentsMatching, normaliseAddress, type ErasureSubject, type ModuleErasure } from '@evently/platform';
import { SUPPORT_TICKETS_TOPIC } from '../../../contracts/messages.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';
import { deleteTicket } from '../delete-ticket/delete-ticket.ts';

export async function erasePerson(ctx: SupportContext, subject: ErasureSubject): Promise<ModuleErasure> {
  const address = normaliseAddress(subject.email);
  const tickets = await documentsMatching(
    ctx.store,
    ticketsCollection,
    (ticket) => normaliseAddress(ticket.user_email) === address,
  );
  let removed = 0;
  for (const ticket of tickets) if (await deleteTicket(ctx, ticket.id)) removed += 1;
  return {
    module: 'support',
    removed: { tickets: removed },
    aggregates: tickets.map((ticket) => ({ topic: SUPPORT_TICKETS_TOPIC, key: ticket.id })),
    contacts: tickets.flatMap((ticket) => [ticket.user_email, ticket.user_phone ?? '']),
    names: tickets.flatMap((ticket) => [
      ticket.user_name,
      ...ticket.messages.filter((message) => !message.is_admin).map((message) => message.sender_name),
    ]),
  };
}
