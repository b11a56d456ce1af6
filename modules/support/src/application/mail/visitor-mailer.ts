/**
 * Mails to the visitor, sent by the worker from the ticket messages: the confirmation with the tracking link
 * when a ticket is opened, and an update on every status change and every admin reply (one mail when a status
 * change carries a message). Visitor follow-ups mail nobody: the visitor wrote them.
 *
 * A side-effect consumer: never replayed by reindex, and each mail is claimed once per bus message through
 * `doOnce`, so a redelivery or a reset of the group sends nothing twice. The ticket is read at delivery time
 * (the messages carry no addresses); a ticket deleted in between gets no mail.
 *
 * Anyone can open a ticket with anyone's address, so the confirmation goes through the site's per-mailbox cap
 * (`MailboxCap`, shared with the other modules' public-form mail). Updates are the team's doing and are not
 * capped: an administrator answering a ticket always reaches its author.
 */
import { doOnce, type Delivered, type Projector, type Stored } from '@evently/platform';
import {
  SUPPORT_TICKETS_TOPIC,
  supportMessageTypes,
  supportTicketMessagePostedSchema,
  supportTicketOpenedSchema,
  supportTicketStatusChangedSchema,
} from '../../contracts/messages.ts';
import type { TicketStatus } from '../../contracts/vocabulary.ts';
import { STATUS_LABELS, type Ticket } from '../../domain/ticket.ts';
import { renderConfirmation, renderUpdate, trackingUrl, type RenderedMail } from '../../domain/ticket-mail.ts';
import { ticketsCollection } from '../../infra/collections.ts';
import { sendNoted } from './mail-activity.ts';
import { mailMessageId, ticketMailHeaders, type SupportMailContext } from './mail-context.ts';

class CappedMail extends Error {
  constructor() {
    super('not sent: the mailbox had its mail for today');
  }
}

export const VISITOR_MAILER_NAME = 'support.visitor-mailer';

/** `capped`: the mail exists because someone filled in a public form, so it counts against the mailbox. */
type MailPlan = {
  ticket: Stored<Ticket>;
  content: RenderedMail;
  capped: boolean;
  kind: 'confirmation' | 'update';
  messageIndex: number | null;
} | null;

async function loadTicket(ctx: SupportMailContext, id: string): Promise<Stored<Ticket> | null> {
  const ticket = await ticketsCollection.get(ctx.store, id);
  if (!ticket) ctx.logger.info({ ticket_id: id }, 'support ticket gone before its mail; nothing sent');
  return ticket;
}

function update(
  ctx: SupportMailContext,
  ticket: Stored<Ticket>,
  newStatus: TicketStatus | null,
  messageIndex: number | null,
): RenderedMail {
  const reply = messageIndex === null ? undefined : ticket.messages[messageIndex];
  return renderUpdate({
    appName: ctx.appName,
    ticketNumber: ticket.ticket_number,
    subject: ticket.subject,
    userName: ticket.user_name,
    newStatus: newStatus ? STATUS_LABELS[newStatus] : null,
    reply: reply ? { senderName: reply.sender_name, message: reply.message } : null,
    trackingUrl: trackingUrl(ctx.publicUrl, ticket.ticket_number, ticket.access_token),
  });
}

async function plan(ctx: SupportMailContext, message: Delivered): Promise<MailPlan> {
  switch (message.type) {
    case supportMessageTypes.opened: {
      const data = supportTicketOpenedSchema.parse(message.data);
      const ticket = await loadTicket(ctx, data.ticket_id);
      if (!ticket) return null;
      const content = renderConfirmation({
        appName: ctx.appName,
        ticketNumber: ticket.ticket_number,
        subject: ticket.subject,
        userName: ticket.user_name,
        trackingUrl: trackingUrl(ctx.publicUrl, ticket.ticket_number, ticket.access_token),
      });
      return { ticket, content, capped: true, kind: 'confirmation', messageIndex: null };
    }
    case supportMessageTypes.statusChanged: {
      const data = supportTicketStatusChangedSchema.parse(message.data);
      const ticket = await loadTicket(ctx, data.ticket_id);
      const messageIndex = data.admin_message_posted ? data.message_index : null;
      return ticket
        ? { ticket, content: update(ctx, ticket, data.to, messageIndex), capped: false, kind: 'update', messageIndex }
        : null;
    }
    case supportMessageTypes.messagePosted: {
      const data = supportTicketMessagePostedSchema.parse(message.data);
      // The visitor wrote their follow-ups; the team's internal notes are not for them.
      if (!data.is_admin || data.is_internal) return null;
      const ticket = await loadTicket(ctx, data.ticket_id);
      return ticket
        ? {
            ticket,
            content: update(ctx, ticket, null, data.message_index),
            capped: false,
            kind: 'update',
            messageIndex: data.message_index,
          }
        : null;
    }
    default:
      return null;
  }
}

export function createVisitorMailer(ctx: SupportMailContext): Projector {
  return {
    name: VISITOR_MAILER_NAME,
    topics: [SUPPORT_TICKETS_TOPIC],
    sideEffects: true,
    async apply(batch) {
      for (const message of batch) {
        const mail = await plan(ctx, message);
        if (!mail) continue;
        await doOnce(ctx.store, `support.mail.visitor:${message.id}`, async () => {
          const outgoing = {
            to: mail.ticket.user_email,
            ...mail.content,
            messageId: mailMessageId('visitor', message.id, ctx.publicUrl),
            ...ticketMailHeaders(ctx, mail.ticket, mail.kind === 'confirmation'),
          };
          const ref = { ticketId: mail.ticket.id, kind: mail.kind, messageIndex: mail.messageIndex };
          if (!mail.capped) {
            await sendNoted(ctx, ref, () => ctx.mailer.send(outgoing));
            return;
          }
          await sendNoted(ctx, ref, async () => {
            const outcome = await ctx.mailboxCap.send(ctx.mailer, outgoing);
            if (outcome.status === 'capped') {
              ctx.logger.warn(
                { ticket_id: mail.ticket.id },
                'ticket confirmation not sent: this mailbox has had its mail for today',
              );
              throw new CappedMail();
            }
          }).catch((error: unknown) => {
            // Capped is an outcome, not a failure to retry: the timeline says so and the claim stands.
            if (!(error instanceof CappedMail)) throw error;
          });
        });
      }
    },
  };
}
