/**
 * The support module's only public door: tickets and their conversation, tracking by number and token,
 * categories and FAQ, the admin calls, the support mails and the content of the live pushes. See
 * ../CONTEXT.md for its vocabulary.
 */
import {
  createModuleMailer,
  mailboxCapFor,
  noReplySender,
  rateLimitsFor,
  type AppModule,
  type Mailer,
  type ModuleDeps,
} from '@evently/platform';
import { createTicket } from './application/commands/create-ticket/create-ticket.ts';
import { erasePerson } from './application/commands/erase-person/erase-person.ts';
import type { SupportContext } from './application/context.ts';
import { createSupportLiveFeed, type SupportLiveFeed } from './application/live/support-live-feed.ts';
import { createAgentPresence, type AgentPresence } from './application/presence/agent-presence.ts';
import { acceptMailReply } from './application/inbound/accept-mail-reply.ts';
import { ticketOfReplyAddress, type ReplyAddressSettings } from './domain/reply-address.ts';
import { startInboundMailListener, type InboundMailListener } from './infra/inbound-smtp.ts';
import { createTeamMailer } from './application/mail/team-mailer.ts';
import { createVisitorMailer } from './application/mail/visitor-mailer.ts';
import { createTicketSchema } from './contracts/create-ticket.ts';
import { SUPPORT_TICKETS_TOPIC } from './contracts/messages.ts';
import { SUPPORT_PRESENCE_TOPIC } from './contracts/presence.ts';
import { DEFAULT_FIRST_RESPONSE_HOURS, type FirstResponseHours } from './domain/sla.ts';
import { toAdminTicket, type AdminTicket } from './domain/ticket-views.ts';
import { isAdminFromMiddleware } from './http/admin-check.ts';
import { createSupportRouter } from './http/support.router.ts';
import { supportCollections } from './infra/collections.ts';

export type {
  AdminMessageView,
  AdminTicket,
  AdminTicketSummary,
  PublicTicketDetail,
  PublicTicketSummary,
  TicketMessageView,
  TicketStatusView,
} from './domain/ticket-views.ts';
export type {
  AdminTicketPush,
  LivePushes,
  PublicTicketPush,
  SupportLiveFeed,
  TicketChange,
} from './application/live/support-live-feed.ts';
export type { BrowserInfo, TicketPriority, TicketStatus, AdminSettableStatus } from './domain/ticket.ts';
export type { ActivityKind, ActivityView } from './domain/activity.ts';
export type { AgentPresence } from './application/presence/agent-presence.ts';
export type { PresenceAgent, PresenceState, TicketPresence } from './domain/presence.ts';
export { PRESENCE_RENEW_MS, PRESENCE_STATES, PRESENCE_TTL_MS } from './domain/presence.ts';
export { SUPPORT_PRESENCE_TOPIC, presenceAnnouncementSchema, type PresenceAnnouncement } from './contracts/presence.ts';
export type { FirstResponseHours, TicketSla } from './domain/sla.ts';
export type { AdminTicketDetail } from './application/queries/get-ticket/get-ticket.ts';
export type { AdminQueue, AdminQueueRow } from './application/queries/list-tickets/list-tickets.ts';
export type { CannedReplyView } from './application/canned-replies/canned-replies.ts';
export type { CannedReplyValues } from './domain/canned-reply.ts';
export { CANNED_REPLY_PLACEHOLDERS, renderCannedReply } from './domain/canned-reply.ts';
export { DEFAULT_FIRST_RESPONSE_HOURS, parseFirstResponseHours, ticketSla } from './domain/sla.ts';
export { replyAddress, ticketOfReplyAddress, type ReplyAddressSettings } from './domain/reply-address.ts';
export { stripQuotedReply } from './domain/reply-text.ts';
export type { InboundMailListener } from './infra/inbound-smtp.ts';
export type { SupportCategory } from './domain/categories.ts';
export type { FaqEntry } from './domain/faq.ts';
export {
  ADMIN_SETTABLE_STATUSES,
  DEFAULT_PRIORITY,
  STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  UNNAMED_AGENT,
} from './domain/ticket.ts';
export { SUPPORT_CATEGORIES } from './domain/categories.ts';
export { CLOSED_TICKET_MESSAGE } from './domain/status-rules.ts';
export { VISITOR_SENDER_LABEL } from './domain/ticket-views.ts';
export {
  SUPPORT_TICKETS_TOPIC,
  supportMessageTypes,
  supportTicketDeletedSchema,
  supportTicketMessagePostedSchema,
  supportTicketOpenedSchema,
  supportTicketStatusChangedSchema,
  supportTicketAssignedSchema,
  supportTicketPriorityChangedSchema,
} from './contracts/messages.ts';
export {
  ADMIN_REQUIRED_MESSAGE,
  ASSIGN_NEEDS_NAME_MESSAGE,
  CANNED_REPLY_NOT_FOUND_MESSAGE,
  CANNED_TITLE_TAKEN_MESSAGE,
  INTERNAL_NOTE_NEEDS_ADMIN_MESSAGE,
  INVALID_TRACKING_LINK_MESSAGE,
  TICKET_CREATED_MESSAGE,
  TICKET_NOT_FOUND_MESSAGE,
} from './http/support.router.ts';
export { TICKET_TOKEN_HEADER } from './http/ticket-token.ts';
export { supportOptionsFromEnv, type SupportEnvOptions } from './support-options.ts';

export interface SupportOptions {
  appName: string;
  /** `SMTP_URL`; without it mail is written as `.eml` files under `DATA_DIR/mail/`. */
  smtpUrl?: string;
  mailFrom?: string;
  /** Overrides the mailer built from `smtpUrl` (tests). */
  mailer?: Mailer;
  /** SUPPORT_INBOX: the team address that gets a mail per new ticket; no team mail when unset */
  supportInbox?: string;
  /** per client address: ticket creation (default 5 / 10 min), lookups (default 30 / min) */
  createLimit?: { limit: number; windowMs: number };
  lookupLimit?: { limit: number; windowMs: number };
  /** SUPPORT_FIRST_RESPONSE_HOURS: the first-response target per priority (defaults 1 / 4 / 8 / 24 hours). */
  firstResponseHours?: FirstResponseHours;
  /** SUPPORT_REPLY_SECRET and SUPPORT_REPLY_DOMAIN: signed per-ticket Reply-To addresses and replies by mail. */
  replies?: ReplyAddressSettings;
}

export interface SupportModule extends AppModule {
  commands: {
    /** The public ticket form as a command (validated like the HTTP body), for imports and tests. */
    createTicket(input: unknown): Promise<{ ticket: AdminTicket; accessToken: string }>;
  };
  live: SupportLiveFeed;
  /** Which agent has which ticket open or is typing, across api replicas (for the realtime gateway). */
  presence: AgentPresence;
  /**
   * Listens for replies by mail on `port` (INBOUND_SMTP_PORT; 0 picks a free one). Needs `replies`; the worker
   * role starts it.
   */
  startInboundMail(options: { port: number; host?: string }): Promise<InboundMailListener>;
}

export function createSupportModule(deps: ModuleDeps, options: SupportOptions): SupportModule {
  const mailer =
    options.mailer ??
    createModuleMailer(deps, {
      name: 'support',
      smtpUrl: options.smtpUrl,
      from: options.mailFrom ?? noReplySender(options.appName, deps.publicUrl, 'Support'),
    });
  const ctx: SupportContext = {
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger.child({ module: 'support' }),
    appName: options.appName,
    publicUrl: deps.publicUrl,
    firstResponseHours: options.firstResponseHours ?? DEFAULT_FIRST_RESPONSE_HOURS,
    ...(options.replies ? { replies: options.replies } : {}),
  };
  const mailCtx = { ...ctx, mailer, mailboxCap: mailboxCapFor(deps) };
  const createLimit = options.createLimit ?? { limit: 5, windowMs: 10 * 60_000 };
  const lookupLimit = options.lookupLimit ?? { limit: 30, windowMs: 60_000 };
  const router = createSupportRouter(ctx, {
    requireAdmin: deps.requireAdmin,
    isAdmin: deps.isAdmin ?? isAdminFromMiddleware(deps.requireAdmin),
    createRateLimit: rateLimitsFor(deps).middleware({
      name: 'support.create-ticket',
      ...createLimit,
      message: 'Too many support requests from your network, please try again later.',
    }),
    lookupRateLimit: rateLimitsFor(deps).middleware({
      name: 'support.ticket-lookup',
      ...lookupLimit,
      message: 'Too many ticket lookups from your network, please try again in a minute.',
    }),
  });
  return {
    name: 'support',
    collections: supportCollections,
    topics: [SUPPORT_TICKETS_TOPIC, SUPPORT_PRESENCE_TOPIC],
    searchSchemas: [],
    projectors: [
      createVisitorMailer(mailCtx),
      ...(options.supportInbox ? [createTeamMailer(mailCtx, options.supportInbox)] : []),
    ],
    schedulers: [],
    routers: [router],
    commands: {
      async createTicket(input) {
        const { website: _honeypot, ...fields } = createTicketSchema.parse(input);
        const { ticket, accessToken } = await createTicket(ctx, fields);
        return { ticket: toAdminTicket(ticket), accessToken };
      },
    },
    live: createSupportLiveFeed(ctx),
    presence: createAgentPresence(ctx),
    startInboundMail({ port, host }) {
      const replies = options.replies;
      if (!replies) throw new Error('Replies by mail need SUPPORT_REPLY_SECRET and SUPPORT_REPLY_DOMAIN');
      return startInboundMailListener({
        port,
        host,
        name: replies.domain,
        logger: ctx.logger.child({ component: 'inbound-mail' }),
        ticketOf: (address) => ticketOfReplyAddress(replies, address),
        accept: (ticketNumber, from, text) => acceptMailReply(ctx, ticketNumber, from, text),
      });
    },
    erasePerson: (subject) => erasePerson(ctx, subject),
    async close() {
      await mailer.close();
    },
  };
}

// Request schemas of the HTTP calls, for the backend's OpenAPI document (`/api/openapi.json`).
export { createTicketSchema } from './contracts/create-ticket.ts';
export { postMessageSchema as ticketPostMessageSchema } from './contracts/post-message.ts';
export {
  adminListQuerySchema as ticketAdminListQuerySchema,
  assignSchema as ticketAssignSchema,
  prioritySchema as ticketPrioritySchema,
  statusUpdateSchema as ticketStatusUpdateSchema,
} from './contracts/admin.ts';
export { cannedReplySchema } from './contracts/canned-reply.ts';
