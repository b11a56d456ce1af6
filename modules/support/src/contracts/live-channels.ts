/**
 * The support desk's socket.io channels, stated once: each namespace's handshake, the events either side
 * sends and their payloads. The backend's gateway emits and parses with these, the client listens and types
 * with them, the API document describes the channels from them, and the answer check validates every
 * outgoing payload against them in tests.
 */
import { z } from 'zod';
import { adminQueueRowSchema, publicTicketSummarySchema, ticketStatusViewSchema } from './ticket-answers.ts';
import { SUPPORT_LIVE_EVENTS, SUPPORT_LIVE_NAMESPACES } from './live-names.ts';
import { PRESENCE_STATES, TICKET_CHANGES, TICKET_NUMBER_PATTERN } from './vocabulary.ts';

const ticketNumber = z.string().trim().toUpperCase().regex(TICKET_NUMBER_PATTERN, 'Not a ticket number');
const version = z
  .number()
  .int()
  .nonnegative()
  .describe("The ticket's version; drop a push not newer than what you hold");

/** `/admin` `ticket`: every ticket change, with the queue's row as the list call gives it (null when deleted). */
export const adminTicketPushSchema = z.object({
  change: z.enum(TICKET_CHANGES),
  ticket_number: z.string(),
  id: z.string(),
  version,
  ticket: adminQueueRowSchema.nullable(),
});

/** `/tickets` `ticket` (token holders): every change the visitor may see, never notes or assignment. */
export const publicTicketPushSchema = z.object({
  change: z.enum(TICKET_CHANGES),
  ticket_number: z.string(),
  version,
  ticket: publicTicketSummarySchema.nullable(),
});

/** `/tickets` `ticket:status` (the number alone): where the ticket stands, when the status moves. */
export const ticketStatusPushSchema = z.object({
  change: z.enum(['status_changed', 'deleted']),
  ticket_number: z.string(),
  version,
  ticket: ticketStatusViewSchema.nullable(),
});

/** `/admin` `presence` from a client: the ticket its agent has open (null for none) and whether they type. */
export const presenceAnnouncementSchema = z.object({
  ticket_number: ticketNumber.nullable(),
  state: z.enum(PRESENCE_STATES).optional().default('viewing'),
});

/** One ticket's agents: each agent (login session) once, typing if any of their tabs is. */
export const ticketPresenceSchema = z.object({
  ticket_number: z.string(),
  agents: z.array(
    z.object({
      agent_id: z.string().describe('Who the agent is: their login session, or the connection for a password login'),
      agent: z.string().describe('Only their name; several agents may share one ("Support team")'),
      state: z.enum(PRESENCE_STATES),
      expires_at: z.iso.datetime({ offset: true }),
    }),
  ),
});

/** `/admin` `presence:snapshot`: on connecting, and as the acknowledgement of an emitted `presence:snapshot`. */
export const presenceSnapshotSchema = z.object({
  renew_ms: z.number().int().positive().describe('Announce again this often, or the record expires'),
  tickets: z.array(ticketPresenceSchema),
  self: z.string().describe("This socket's own `agent_id`"),
});

/** `/admin` handshake `auth`, for API clients; a browser carries the session cookie instead. */
export const adminHandshakeSchema = z.object({
  password: z.string().optional(),
  agent_name: z.string().optional(),
});

/** `/tickets` handshake `auth`: with the token, the conversation's pushes; the number alone, the status. */
export const followTicketSchema = z.object({
  ticket_number: ticketNumber,
  token: z.string().min(16).max(128).optional(),
});

/** A namespace as a table: what the handshake carries and which events go which way with which payload. */
export interface LiveChannel {
  namespace: string;
  summary: string;
  handshake: z.ZodType;
  /** Server to client. */
  pushes: Record<string, { payload: z.ZodType; summary: string }>;
  /** Client to server. */
  requests: Record<string, { payload: z.ZodType | null; summary: string }>;
}

export const SUPPORT_LIVE_CHANNELS = {
  admin: {
    namespace: SUPPORT_LIVE_NAMESPACES.admin,
    summary: 'The support desk, for agents: the session cookie, or `auth: { password, agent_name? }`',
    handshake: adminHandshakeSchema,
    pushes: {
      [SUPPORT_LIVE_EVENTS.ticket]: { payload: adminTicketPushSchema, summary: 'Every ticket change' },
      [SUPPORT_LIVE_EVENTS.presence]: {
        payload: ticketPresenceSchema,
        summary: "A ticket's agents changed (on any replica)",
      },
      [SUPPORT_LIVE_EVENTS.presenceSnapshot]: {
        payload: presenceSnapshotSchema,
        summary: 'Every ticket someone is on; sent on connecting',
      },
    },
    requests: {
      [SUPPORT_LIVE_EVENTS.presence]: {
        payload: presenceAnnouncementSchema,
        summary: 'When the open ticket or typing changes, and every `renew_ms`; a record not renewed expires',
      },
      [SUPPORT_LIVE_EVENTS.presenceSnapshot]: {
        payload: null,
        summary: 'With an acknowledgement callback, which receives the snapshot',
      },
    },
  },
  tickets: {
    namespace: SUPPORT_LIVE_NAMESPACES.tickets,
    summary: 'One visitor following one ticket',
    handshake: followTicketSchema,
    pushes: {
      [SUPPORT_LIVE_EVENTS.ticket]: {
        payload: publicTicketPushSchema,
        summary: "With the token: the token holder's summary on every change they may see",
      },
      [SUPPORT_LIVE_EVENTS.ticketStatus]: {
        payload: ticketStatusPushSchema,
        summary: 'With the number alone: status and dates when the status moves',
      },
    },
    requests: {},
  },
} as const satisfies Record<string, LiveChannel>;

export type AdminTicketPush = z.infer<typeof adminTicketPushSchema>;
export type PublicTicketPush = z.infer<typeof publicTicketPushSchema>;
export type TicketStatusPush = z.infer<typeof ticketStatusPushSchema>;
export type PresenceAnnouncement = z.infer<typeof presenceAnnouncementSchema>;
export type TicketPresence = z.infer<typeof ticketPresenceSchema>;
export type PresenceSnapshot = z.infer<typeof presenceSnapshotSchema>;
