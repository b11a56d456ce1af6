/**
 * Erasure: every ticket opened with the address goes, conversation and all, each through `deleteTicket`, so the
 * log announces it like any deletion. What the tickets held that names the person (the name on the ticket and
 * on the visitor's follow-ups, the phone) is reported for the log's redaction.
 */
import { documentsSentBy, eraseDocuments, type ErasureSubject, type ModuleErasure } from '@evently/platform';
import { SUPPORT_TICKETS_TOPIC } from '../../../contracts/messages.ts';
import { ticketsCollection } from '../../../infra/collections.ts';
import type { SupportContext } from '../../context.ts';
import { deleteTicket } from '../delete-ticket/delete-ticket.ts';

export async function erasePerson(ctx: SupportContext, subject: ErasureSubject): Promise<ModuleErasure> {
  return eraseDocuments({
    module: 'support',
    kind: 'tickets',
    topic: SUPPORT_TICKETS_TOPIC,
    documents: await documentsSentBy(ctx.store, ticketsCollection, subject, (ticket) => ticket.user_email),
    remove: (id) => deleteTicket(ctx, id),
    contacts: (ticket) => [ticket.user_email, ticket.user_phone ?? ''],
    names: (ticket) => [
      ticket.user_name,
      ...ticket.messages.filter((message) => !message.is_admin).map((message) => message.sender_name),
    ],
  });
}
