/** Storage layout of the support module on the DocumentStore port: typed handles that decode on read. */
import { defineCollection } from '@evently/platform';
import { z } from 'zod';
import { ACTIVITY_KINDS, PRESENCE_STATES, TICKET_PRIORITIES, TICKET_STATUSES } from '../contracts/vocabulary.ts';
import type { ActivityEntry } from '../domain/activity.ts';
import type { CannedReply } from '../domain/canned-reply.ts';
import type { PresenceRecord } from '../domain/presence.ts';
import type { Ticket } from '../domain/ticket.ts';

const text = z.string().nullable();
/** A field added after documents were first written: those documents lack it and read it as null. */
const laterText = text.default(null);

/** What the visitor's browser reported; each part may be missing, so each reads as null when absent. */
const browserInfoSchema = z.object({
  userAgent: laterText,
  language: laterText,
  platform: laterText,
  screenResolution: laterText,
});

/**
 * Tickets from before assignment, first-response times and internal notes lack `assignee`,
 * `first_response_at`, `awaiting_reply_since` and a message's `is_internal`; they are read as they are.
 */
export const ticketsCollection = defineCollection<Ticket>({
  name: 'support_tickets',
  unique: [['ticket_number'], ['access_token']],
  indexes: [['created_at'], ['status', 'created_at']],
  // The admin list's search box: subject, user name or number, case-insensitively.
  containsFields: ['subject', 'user_name', 'ticket_number'],
  schema: z.object({
    ticket_number: z.string(),
    user_name: z.string(),
    user_email: z.string(),
    user_phone: text,
    subject: z.string(),
    description: z.string(),
    category: z.string(),
    priority: z.enum(TICKET_PRIORITIES),
    status: z.enum(TICKET_STATUSES),
    page_url: text,
    browser_info: browserInfoSchema.nullable(),
    messages_count: z.number().int(),
    resolution: text,
    messages: z.array(
      z.object({
        sender_name: z.string(),
        message: z.string(),
        is_admin: z.boolean(),
        is_internal: z.boolean().optional(),
        created_at: z.string(),
      }),
    ),
    access_token: z.string(),
    assignee: text.optional(),
    first_response_at: text.optional(),
    awaiting_reply_since: text.optional(),
  }),
});

/** A ticket's timeline rows (domain/activity.ts), ordered by `seq` and deleted with the ticket. */
export const activityCollection = defineCollection<ActivityEntry & { seq: number }>({
  name: 'support_ticket_activity',
  indexes: [['ticket_id', 'seq']],
  schema: z.object({
    ticket_id: z.string(),
    kind: z.enum(ACTIVITY_KINDS),
    actor: z.string(),
    at: z.string(),
    from: text.optional(),
    to: text.optional(),
    message_index: z.number().int().nullable().optional(),
    detail: text.optional(),
    seq: z.number().int(),
  }),
});

/** The team's saved answers. */
export const cannedRepliesCollection = defineCollection<CannedReply>({
  name: 'support_canned_replies',
  unique: [['title_key']],
  indexes: [['title_key']],
  schema: z.object({ title: z.string(), body: z.string(), title_key: z.string(), updated_by: z.string() }),
});

/**
 * Which agent has which ticket open, one short-lived record per admin connection (domain/presence.ts). A record
 * written before agents had an identity of their own names none: it stands for its connection, as a password
 * login's does, until it is renewed or expires.
 */
export const presenceCollection = defineCollection<PresenceRecord>({
  name: 'support_agent_presence',
  unique: [['connection_id']],
  indexes: [['ticket_number'], ['expires_at']],
  schema: z
    .object({
      connection_id: z.string(),
      agent_id: z.string().optional(),
      agent: z.string(),
      ticket_number: z.string(),
      state: z.enum(PRESENCE_STATES),
      expires_at: z.string(),
    })
    .transform(({ agent_id, ...record }) => ({ ...record, agent_id: agent_id ?? record.connection_id })),
});

export const supportCollections = [
  ticketsCollection.spec,
  activityCollection.spec,
  cannedRepliesCollection.spec,
  presenceCollection.spec,
];
