/** HTTP door of the support module: the calls of spec 02 §7, with the access rules of decision 012. */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { adminAgentName, answer, parseBody, parseQuery } from '@evently/platform';
import {
  ASSIGN_TO_ME,
  adminListQuerySchema,
  assignSchema,
  prioritySchema,
  statusUpdateSchema,
} from '../contracts/admin.ts';
import {
  cannedReplySchema,
  type CannedReplyAnswer,
  type CannedReplyListAnswer,
  type RenderedCannedReplyAnswer,
} from '../contracts/canned-reply.ts';
import { createTicketSchema } from '../contracts/create-ticket.ts';
import { postMessageSchema } from '../contracts/post-message.ts';
import type {
  AdminQueue,
  AdminTicketAnswer,
  CategoriesAnswer,
  CreateTicketAnswer,
  DeletedAnswer,
  FaqAnswer,
  PostedMessageAnswer,
  TicketLookupAnswer,
} from '../contracts/ticket-answers.ts';
import {
  createCannedReply,
  deleteCannedReply,
  getCannedReply,
  listCannedReplies,
  updateCannedReply,
  type CannedWriteResult,
} from '../application/canned-replies/canned-replies.ts';
import { assignTicket } from '../application/commands/assign-ticket/assign-ticket.ts';
import { changeTicketStatus } from '../application/commands/change-status/change-status.ts';
import { setTicketPriority } from '../application/commands/set-priority/set-priority.ts';
import { createTicket } from '../application/commands/create-ticket/create-ticket.ts';
import { deleteTicket } from '../application/commands/delete-ticket/delete-ticket.ts';
import { postTicketMessage } from '../application/commands/post-message/post-message.ts';
import type { SupportContext } from '../application/context.ts';
import { adminTicketDetail, getTicket } from '../application/queries/get-ticket/get-ticket.ts';
import { listTickets } from '../application/queries/list-tickets/list-tickets.ts';
import { findByNumber } from '../application/find-ticket.ts';
import { renderCannedReply } from '../domain/canned-reply.ts';
import { SUPPORT_CATEGORIES } from '../contracts/categories.ts';
import { supportFaq } from '../domain/faq.ts';
import { CLOSED_TICKET_MESSAGE } from '../domain/status-rules.ts';
import { toPublicDetail } from '../domain/ticket-views.ts';
import { cachedIsAdmin, type IsAdmin } from './admin-check.ts';
import { presentedToken } from './ticket-token.ts';

/** Spec 02 §8: the exact success text of the Contact Support form. */
export const TICKET_CREATED_MESSAGE =
  'Support ticket created successfully! You will receive an email confirmation shortly.';
export const TICKET_NOT_FOUND_MESSAGE = 'Ticket not found';
export const INVALID_TRACKING_LINK_MESSAGE = 'This tracking link is not valid for this ticket';
export const ADMIN_REQUIRED_MESSAGE = 'Admin authentication required';
export const INTERNAL_NOTE_NEEDS_ADMIN_MESSAGE = 'An internal note is an admin message: send it with is_admin true';
export const ASSIGN_NEEDS_NAME_MESSAGE = 'Log in with your name to assign tickets to yourself';
export const CANNED_REPLY_NOT_FOUND_MESSAGE = 'Canned reply not found';
export const CANNED_TITLE_TAKEN_MESSAGE = 'A canned reply with this title already exists';

export interface SupportRouterOptions {
  /** Refuses with 401 unless the request carries the admin credential. */
  requireAdmin: Middleware;
  /** Tells whether the request carries the admin credential, without refusing it. */
  isAdmin: IsAdmin;
  /** Per-client limit on ticket creation. */
  createRateLimit: Middleware;
  /** Per-client limit on lookups and visitor follow-ups; administrators are not counted. */
  lookupRateLimit: Middleware;
}

const notFound = (ctx: Context) => answer(ctx, 404, { error: TICKET_NOT_FOUND_MESSAGE });

/** A filled honeypot, looked at before validation so a bot learns nothing from field errors either. */
function isHoneypotFilled(body: unknown): boolean {
  const website = (body as { website?: unknown } | null)?.website;
  return website !== undefined && website !== null && website !== '';
}

export function createSupportRouter(app: SupportContext, options: SupportRouterOptions): Router {
  const router = new Router({ prefix: '/api/support' });
  const isAdmin = cachedIsAdmin(options.isAdmin);
  // The panel opens tickets one after another; only visitors are held to the lookup limit.
  const lookupGuard: Middleware = async (ctx, next) =>
    (await isAdmin(ctx)) ? next() : options.lookupRateLimit(ctx, next);

  router.get('/categories', (ctx) =>
    answer(ctx, 200, { categories: [...SUPPORT_CATEGORIES] } satisfies CategoriesAnswer),
  );

  router.get('/faq', (ctx) => answer(ctx, 200, { faq: supportFaq(app.appName) } satisfies FaqAnswer));

  router.post('/tickets', options.createRateLimit, async (ctx) => {
    if (isHoneypotFilled((ctx.request as { body?: unknown }).body)) {
      // Answer like a success so the bot learns nothing, and store nothing.
      app.logger.info({ ip: ctx.ip }, 'support honeypot triggered');
      answer(ctx, 201, { message: TICKET_CREATED_MESSAGE } satisfies CreateTicketAnswer);
      return;
    }
    const input = parseBody(ctx, createTicketSchema);
    const { ticket, accessToken } = await createTicket(app, input);
    answer(ctx, 201, {
      message: TICKET_CREATED_MESSAGE,
      ticket: toPublicDetail(ticket),
      access_token: accessToken,
    } satisfies CreateTicketAnswer);
  });

  router.get('/tickets', options.requireAdmin, async (ctx) => {
    answer(
      ctx,
      200,
      (await listTickets(app, parseQuery(ctx, adminListQuerySchema), adminAgentName(ctx))) satisfies AdminQueue,
    );
  });

  router.get('/tickets/:number', lookupGuard, async (ctx) => {
    const reader = (await isAdmin(ctx))
      ? ({ kind: 'admin' } as const)
      : ({ kind: 'visitor', token: presentedToken(ctx) } as const);
    const result = await getTicket(app, ctx.params.number ?? '', reader);
    if (result.status === 'not_found') return notFound(ctx);
    if (result.status === 'forbidden') return answer(ctx, 403, { error: INVALID_TRACKING_LINK_MESSAGE });
    answer(ctx, 200, { ticket: result.ticket } satisfies TicketLookupAnswer);
  });

  router.put('/tickets/:number/status', options.requireAdmin, async (ctx) => {
    const input = parseBody(ctx, statusUpdateSchema);
    const ticket = await changeTicketStatus(app, ctx.params.number ?? '', input, adminAgentName(ctx));
    if (!ticket) return notFound(ctx);
    answer(ctx, 200, { ticket: await adminTicketDetail(app, ticket) } satisfies AdminTicketAnswer);
  });

  router.put('/tickets/:number/priority', options.requireAdmin, async (ctx) => {
    const { priority } = parseBody(ctx, prioritySchema);
    const ticket = await setTicketPriority(app, ctx.params.number ?? '', priority, adminAgentName(ctx));
    if (!ticket) return notFound(ctx);
    answer(ctx, 200, { ticket: await adminTicketDetail(app, ticket) } satisfies AdminTicketAnswer);
  });

  router.put('/tickets/:number/assignee', options.requireAdmin, async (ctx) => {
    const { assignee } = parseBody(ctx, assignSchema);
    const agent = adminAgentName(ctx);
    if (assignee === ASSIGN_TO_ME && !agent) return answer(ctx, 409, { error: ASSIGN_NEEDS_NAME_MESSAGE });
    const ticket = await assignTicket(
      app,
      ctx.params.number ?? '',
      assignee === ASSIGN_TO_ME ? agent : assignee,
      agent,
    );
    if (!ticket) return notFound(ctx);
    answer(ctx, 200, { ticket: await adminTicketDetail(app, ticket) } satisfies AdminTicketAnswer);
  });

  router.post('/tickets/:number/messages', lookupGuard, async (ctx) => {
    const input = parseBody(ctx, postMessageSchema);
    const asAdmin = input.is_admin;
    if (input.is_internal && !asAdmin) return answer(ctx, 400, { error: INTERNAL_NOTE_NEEDS_ADMIN_MESSAGE });
    if (asAdmin && !(await isAdmin(ctx))) return answer(ctx, 401, { error: ADMIN_REQUIRED_MESSAGE });
    const result = await postTicketMessage(
      app,
      ctx.params.number ?? '',
      input.message,
      asAdmin
        ? { kind: 'admin', senderName: adminAgentName(ctx) ?? input.sender_name, internal: input.is_internal }
        : { kind: 'visitor', token: presentedToken(ctx, input.token) },
    );
    if (result.status === 'not_found') return notFound(ctx);
    if (result.status === 'forbidden') return answer(ctx, 403, { error: INVALID_TRACKING_LINK_MESSAGE });
    if (result.status === 'closed') return answer(ctx, 409, { error: CLOSED_TICKET_MESSAGE });
    answer(ctx, 201, {
      ticket: asAdmin ? await adminTicketDetail(app, result.ticket) : toPublicDetail(result.ticket),
    } satisfies PostedMessageAnswer);
  });

  router.delete('/tickets/:id', options.requireAdmin, async (ctx) => {
    if (!(await deleteTicket(app, ctx.params.id ?? ''))) {
      return answer(ctx, 404, {
        error: TICKET_NOT_FOUND_MESSAGE,
        message: TICKET_NOT_FOUND_MESSAGE,
      });
    }
    answer(ctx, 200, { message: 'Ticket deleted' } satisfies DeletedAnswer);
  });

  const savedCanned = (ctx: Context, result: CannedWriteResult, created: boolean) => {
    if (result.status === 'not_found') return answer(ctx, 404, { error: CANNED_REPLY_NOT_FOUND_MESSAGE });
    if (result.status === 'duplicate_title') return answer(ctx, 409, { error: CANNED_TITLE_TAKEN_MESSAGE });
    answer(ctx, created ? 201 : 200, { canned_reply: result.reply } satisfies CannedReplyAnswer);
  };

  router.get('/canned-replies', options.requireAdmin, async (ctx) => {
    answer(ctx, 200, { canned_replies: await listCannedReplies(app) } satisfies CannedReplyListAnswer);
  });

  router.get('/canned-replies/:id', options.requireAdmin, async (ctx) => {
    const reply = await getCannedReply(app, ctx.params.id ?? '');
    if (!reply) return answer(ctx, 404, { error: CANNED_REPLY_NOT_FOUND_MESSAGE });
    answer(ctx, 200, { canned_reply: reply } satisfies CannedReplyAnswer);
  });

  // The reply box inserts this: the body with {{name}} and {{ticket_number}} filled from the ticket.
  router.get('/tickets/:number/canned-replies/:id', options.requireAdmin, async (ctx) => {
    const [reply, ticket] = await Promise.all([
      getCannedReply(app, ctx.params.id ?? ''),
      findByNumber(app.store, ctx.params.number ?? ''),
    ]);
    if (!ticket) return notFound(ctx);
    if (!reply) return answer(ctx, 404, { error: CANNED_REPLY_NOT_FOUND_MESSAGE });
    answer(ctx, 200, {
      id: reply.id,
      title: reply.title,
      text: renderCannedReply(reply.body, { name: ticket.user_name, ticket_number: ticket.ticket_number }),
    } satisfies RenderedCannedReplyAnswer);
  });

  router.post('/canned-replies', options.requireAdmin, async (ctx) => {
    savedCanned(ctx, await createCannedReply(app, parseBody(ctx, cannedReplySchema), adminAgentName(ctx)), true);
  });

  router.put('/canned-replies/:id', options.requireAdmin, async (ctx) => {
    savedCanned(
      ctx,
      await updateCannedReply(app, ctx.params.id ?? '', parseBody(ctx, cannedReplySchema), adminAgentName(ctx)),
      false,
    );
  });

  router.delete('/canned-replies/:id', options.requireAdmin, async (ctx) => {
    if (!(await deleteCannedReply(app, ctx.params.id ?? '')))
      return answer(ctx, 404, { error: CANNED_REPLY_NOT_FOUND_MESSAGE });
    answer(ctx, 200, { message: 'Canned reply deleted' } satisfies DeletedAnswer);
  });

  return router;
}
