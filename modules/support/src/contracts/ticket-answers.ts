/**
 * The ticket as the support calls and live pushes answer it: one zod schema per view, from which the API
 * document is generated, the handlers are typed and the client takes its types. What each reader may see is
 * decided in `domain/ticket-views.ts` (decisions 012 and 018); these say what each view holds.
 */
import { z } from 'zod';
import { ACTIVITY_KINDS, TICKET_PRIORITIES, TICKET_STATUSES } from './vocabulary.ts';

const timestamp = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();
const ticketNumber = z.string().describe('`TT-<year>-<sequence>`');

/** One message of the conversation; `is_internal` marks the team's notes (never in the visitor's view). */
export const ticketMessageSchema = z.object({
  sender_name: z.string().describe('The agent for a reply or note; "You" for the visitor in their own view'),
  message: z.string(),
  is_admin: z.boolean(),
  is_internal: z.boolean(),
  created_at: timestamp,
});

/** Anyone who knows the number: where the ticket stands, and nothing anyone wrote in it. */
export const ticketStatusViewSchema = z.object({
  ticket_number: ticketNumber,
  status: z.enum(TICKET_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
});

/** The token holder's summary: the ticket without its description and conversation (also their live pushes). */
export const publicTicketSummarySchema = ticketStatusViewSchema.extend({
  subject: z.string(),
  category: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  messages_count: count.describe('Messages the visitor sees (internal notes are not counted)'),
  resolution: z.string().nullable(),
  version: z.number().int().positive().describe('Grows with every change; pushes not above it are stale'),
});

/** The visitor holding the token: their own words back, and the team's replies. */
export const publicTicketDetailSchema = publicTicketSummarySchema.extend({
  description: z.string(),
  messages: z.array(ticketMessageSchema),
});

export const browserInfoSchema = z.object({
  userAgent: z.string().nullable(),
  language: z.string().nullable(),
  platform: z.string().nullable(),
  screenResolution: z.string().nullable(),
});

/** A row of the admin list: the whole ticket but its conversation (the token is in no view). */
export const adminTicketSummarySchema = publicTicketSummarySchema.extend({
  id: z.string(),
  description: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_phone: z.string().nullable(),
  page_url: z.string().nullable(),
  browser_info: browserInfoSchema.nullable(),
  assignee: z.string().nullable().describe('The agent who took the ticket, or null'),
  notes_count: count.describe('Internal notes; `messages_count` is what the visitor sees'),
});

/** An administrator's ticket: everything but the token, internal notes included in the conversation. */
export const adminTicketSchema = adminTicketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });

/** The first-response target of one ticket, as of the answer. */
export const ticketSlaSchema = z.object({
  age_seconds: count,
  first_response_due_at: timestamp,
  first_response_at: timestamp.nullable(),
  overdue: z.boolean().describe('No first reply yet and past due (a resolved or closed ticket never is)'),
  awaiting_reply_since: timestamp
    .nullable()
    .describe('Since when the visitor waits for the team; null when the team spoke last'),
});

/** One row of a ticket's timeline for the team. */
export const activityViewSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  actor: z.string().describe('The agent, the team\'s signature, "Visitor", or "System" for the mailers'),
  at: timestamp,
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  message_index: z.number().int().nonnegative().nullable().optional(),
  detail: z.string().nullable().optional().describe("A mail's kind or a failure's reason, never an address"),
});

/** What the team sees of one ticket: the ticket, its timeline and its first-response target. */
export const adminTicketDetailSchema = adminTicketSchema.extend({
  activity: z.array(activityViewSchema),
  sla: ticketSlaSchema,
});

/** A row of the queue: the admin summary with its first-response target. */
export const adminQueueRowSchema = adminTicketSummarySchema.extend({ sla: ticketSlaSchema });

/** `GET /api/support/tickets`: the rows, and the tickets per status over the whole desk. */
export const adminQueueSchema = z.object({
  tickets: z.array(adminQueueRowSchema),
  counts: z.record(z.enum([...TICKET_STATUSES, 'all']), count),
});

export const supportCategorySchema = z.object({ value: z.string(), label: z.string() });
export const faqEntrySchema = z.object({ question: z.string(), answer: z.string() });

export const categoriesAnswerSchema = z.object({ categories: z.array(supportCategorySchema) });
export const faqAnswerSchema = z.object({ faq: z.array(faqEntrySchema) });

/** A person's new ticket: the tracking token, given this once and in no answer after. */
export const ticketCreatedAnswerSchema = z.object({
  message: z.string(),
  ticket: publicTicketDetailSchema,
  access_token: z.string(),
});

/** `POST /api/support/tickets`: a filled honeypot gets the message alone, so a bot learns nothing. */
export const createTicketAnswerSchema = z.union([ticketCreatedAnswerSchema, z.object({ message: z.string() })]);

/** `GET /api/support/tickets/{number}`: as much as the caller may see (admin, token holder, number alone). */
export const ticketLookupAnswerSchema = z.object({
  ticket: z.union([adminTicketDetailSchema, publicTicketDetailSchema, ticketStatusViewSchema]),
});

/** The admin calls that change a ticket answer its admin detail. */
export const adminTicketAnswerSchema = z.object({ ticket: adminTicketDetailSchema });

/** `POST .../messages`: the admin detail to the team, the token holder's detail to the visitor. */
export const postedMessageAnswerSchema = z.object({
  ticket: z.union([adminTicketDetailSchema, publicTicketDetailSchema]),
});

/** A deletion's acknowledgement (tickets and canned replies). */
export const deletedAnswerSchema = z.object({ message: z.string() });

export type TicketMessageView = z.infer<typeof ticketMessageSchema>;
export type TicketStatusView = z.infer<typeof ticketStatusViewSchema>;
export type PublicTicketSummary = z.infer<typeof publicTicketSummarySchema>;
export type PublicTicketDetail = z.infer<typeof publicTicketDetailSchema>;
export type BrowserInfo = z.infer<typeof browserInfoSchema>;
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;
export type AdminTicket = z.infer<typeof adminTicketSchema>;
export type TicketSla = z.infer<typeof ticketSlaSchema>;
export type ActivityView = z.infer<typeof activityViewSchema>;
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;
export type AdminQueueRow = z.infer<typeof adminQueueRowSchema>;
export type AdminQueue = z.infer<typeof adminQueueSchema>;
export type SupportCategory = z.infer<typeof supportCategorySchema>;
export type FaqEntry = z.infer<typeof faqEntrySchema>;
export type TicketCreatedAnswer = z.infer<typeof ticketCreatedAnswerSchema>;
export type CreateTicketAnswer = z.infer<typeof createTicketAnswerSchema>;
export type TicketLookupAnswer = z.infer<typeof ticketLookupAnswerSchema>;
export type AdminTicketAnswer = z.infer<typeof adminTicketAnswerSchema>;
export type PostedMessageAnswer = z.infer<typeof postedMessageAnswerSchema>;
export type DeletedAnswer = z.infer<typeof deletedAnswerSchema>;
export type CategoriesAnswer = z.infer<typeof categoriesAnswerSchema>;
export type FaqAnswer = z.infer<typeof faqAnswerSchema>;
