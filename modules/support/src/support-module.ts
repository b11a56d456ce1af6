/**
 * Wires the support module from its ports: the tickets router (public and admin calls), the visitor and team
 * mailers, the live feed, agent presence and the inbound mail listener for replies by mail.
 */
import {
  moduleBasics,
  moduleMail,
  rateLimitsFor,
  type AppModule,
  type ModuleDeps,
  type ModuleMailOptions,
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
import type { AdminTicket } from './contracts/ticket-answers.ts';
import { toAdminTicket } from './domain/ticket-views.ts';
import { isAdminFromMiddleware } from './http/admin-check.ts';
import { createSupportRouter } from './http/support.router.ts';
import { supportCollections } from './infra/collections.ts';

export interface SupportOptions extends ModuleMailOptions {
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
  const { mailer, mailboxCap } = moduleMail(deps, { name: 'support', senderLabel: 'Support' }, options);
  const ctx: SupportContext = {
    ...moduleBasics(deps, 'support', options.appName),
    firstResponseHours: options.firstResponseHours ?? DEFAULT_FIRST_RESPONSE_HOURS,
    ...(options.replies ? { replies: options.replies } : {}),
  };
  const mailCtx = { ...ctx, mailer, mailboxCap };
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
