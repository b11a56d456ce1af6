/**
 * The two mails per new request, sent by the worker from `PartnershipRequestReceived`: a notice to the team
 * inbox (`PARTNERS_INBOX`, replying goes to the requester) and an acknowledgement to the requester.
 *
 * Side-effect consumers: never replayed by reindex, and each mail is claimed once per request through
 * `doOnce` (keyed by the request id, so even a message published twice would mail once). The request is read
 * at delivery time; one deleted in between gets no mail.
 *
 * Anyone can type anyone's address into the form, so the acknowledgement goes through the site's per-mailbox
 * cap (`MailboxCap`, shared with the other modules' public-form mail); the team's own inbox has none.
 */
import { doOnce, type MailboxCap, type Mailer, type Projector } from '@evently/platform';
import {
  PARTNERSHIPS_TOPIC,
  partnershipMessageTypes,
  partnershipRequestReceivedSchema,
} from '../../contracts/messages.ts';
import type { PartnershipRequest } from '../../domain/partnership-request.ts';
import {
  adminPanelUrl,
  renderAcknowledgement,
  renderTeamNotice,
  type RenderedMail,
} from '../../domain/request-mail.ts';
import { partnershipRequests } from '../../infra/collections.ts';
import type { PartnershipsContext } from '../context.ts';

export const ACK_MAILER_NAME = 'partnerships.ack-mailer';
export const TEAM_MAILER_NAME = 'partnerships.team-mailer';

export interface MailContext extends PartnershipsContext {
  mailer: Mailer;
  mailboxCap: MailboxCap;
}

/** `capped`: the recipient is whoever the form named, so the mail counts against that mailbox. */
type Plan = (request: PartnershipRequest) => { to: string; content: RenderedMail; replyTo?: string; capped: boolean };

function requestMailer(ctx: MailContext, name: string, kind: string, plan: Plan): Projector {
  const host = new URL(ctx.publicUrl).hostname || 'localhost';
  return {
    name,
    topics: [PARTNERSHIPS_TOPIC],
    sideEffects: true,
    async apply(batch) {
      for (const message of batch) {
        if (message.type !== partnershipMessageTypes.received) continue;
        const { request_id } = partnershipRequestReceivedSchema.parse(message.data);
        const request = await partnershipRequests.get(ctx.store, request_id);
        if (!request) {
          ctx.logger.info({ request_id }, 'partnership request gone before its mail; nothing sent');
          continue;
        }
        const mail = plan(request);
        await doOnce(ctx.store, `partnerships.mail.${kind}:${request_id}`, async () => {
          const outgoing = {
            to: mail.to,
            ...mail.content,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            messageId: `<partnership-${kind}-${request_id}@${host}>`,
          };
          if (!mail.capped) {
            await ctx.mailer.send(outgoing);
            return;
          }
          const outcome = await ctx.mailboxCap.send(ctx.mailer, outgoing);
          if (outcome.status === 'capped')
            ctx.logger.warn(
              { request_id },
              'partnership acknowledgement not sent: this mailbox has had its mail for today',
            );
        });
      }
    },
  };
}

export function createAcknowledgementMailer(ctx: MailContext): Projector {
  return requestMailer(ctx, ACK_MAILER_NAME, 'ack', (request) => ({
    to: request.email,
    content: renderAcknowledgement({ appName: ctx.appName, company: request.company }),
    capped: true,
  }));
}

export function createTeamMailer(ctx: MailContext, inbox: string): Projector {
  return requestMailer(ctx, TEAM_MAILER_NAME, 'team', (request) => ({
    to: inbox,
    content: renderTeamNotice({ appName: ctx.appName, request, adminUrl: adminPanelUrl(ctx.publicUrl) }),
    replyTo: request.email,
    capped: false,
  }));
}
