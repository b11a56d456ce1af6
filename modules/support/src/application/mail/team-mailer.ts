/**
 * One mail per new ticket to the support team's inbox (`SUPPORT_INBOX`), with the details and the admin link.
 * Same guarantees as the visitor mailer: a side-effect consumer, at most one mail per bus message.
 */
import { doOnce, type Projector } from '@evently/platform';
import { SUPPORT_TICKETS_TOPIC, supportMessageTypes, supportTicketOpenedSchema } from '../../contracts/messages.ts';
import { adminPanelUrl, renderTeamNotice } from '../../domain/ticket-mail.ts';
import { ticketsCollection } from '../../infra/collections.ts';
import { sendNoted } from './mail-activity.ts';
import { mailMessageId, type SupportMailContext } from './mail-context.ts';

export const TEAM_MAILER_NAME = 'support.team-mailer';

export function createTeamMailer(ctx: SupportMailContext, inbox: string): Projector {
  return {
    name: TEAM_MAILER_NAME,
    topics: [SUPPORT_TICKETS_TOPIC],
    sideEffects: true,
    async apply(batch) {
      for (const message of batch) {
        if (message.type !== supportMessageTypes.opened) continue;
        const data = supportTicketOpenedSchema.parse(message.data);
        const ticket = await ticketsCollection.get(ctx.store, data.ticket_id);
        if (!ticket) continue;
        const content = renderTeamNotice({
          appName: ctx.appName,
          ticketNumber: ticket.ticket_number,
          subject: ticket.subject,
          description: ticket.description,
          category: ticket.category,
          priority: ticket.priority,
          userName: ticket.user_name,
          userEmail: ticket.user_email,
          userPhone: ticket.user_phone,
          pageUrl: ticket.page_url,
          browserInfo: ticket.browser_info,
          adminUrl: adminPanelUrl(ctx.publicUrl),
        });
        await doOnce(ctx.store, `support.mail.team:${message.id}`, async () => {
          // Replies from the inbox go straight to the visitor. The team's own inbox has no cap.
          await sendNoted(ctx, { ticketId: ticket.id, kind: 'team' }, () =>
            ctx.mailer.send({
              to: inbox,
              ...content,
              replyTo: ticket.user_email,
              messageId: mailMessageId('team', message.id, ctx.publicUrl),
            }),
          );
        });
      }
    },
  };
}
