/**
 * Messages this module publishes on `evently.support-tickets`, keyed by ticket id, with the ticket's new
 * version as `aggregate_version`. They carry ids, the number and states only: the log is copied to every
 * consumer and replica, so names, addresses and the conversation stay in the ticket document. A consumer that
 * needs those (the mailers, the live feed) reads the ticket itself; `message_index` points it at the message.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './vocabulary.ts';

export const SUPPORT_TICKETS_TOPIC = 'evently.support-tickets';

export const supportMessageTypes = {
  opened: 'SupportTicketOpened',
  statusChanged: 'SupportTicketStatusChanged',
  messagePosted: 'SupportTicketMessagePosted',
  deleted: 'SupportTicketDeleted',
  assigned: 'SupportTicketAssigned',
  priorityChanged: 'SupportTicketPriorityChanged',
} as const;

const status = z.enum(TICKET_STATUSES);
const ticketRef = { ticket_id: z.string().min(1), ticket_number: z.string().min(1) };

export const supportTicketOpenedSchema = z.object({
  ...ticketRef,
  status,
  category: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
});

export const supportTicketStatusChangedSchema = z.object({
  ...ticketRef,
  from: status,
  to: status,
  admin_message_posted: z.boolean(),
  /** Position of the admin's message in the conversation when one came with the change. */
  message_index: z.number().int().nonnegative().nullable(),
});

export const supportTicketMessagePostedSchema = z.object({
  ...ticketRef,
  is_admin: z.boolean(),
  /** An internal note: for the team only, so no mail and no push to the visitor. */
  is_internal: z.boolean().optional(),
  message_index: z.number().int().nonnegative(),
  /** The status after the message; differs from `previous_status` when a visitor's follow-up reopened it. */
  status,
  previous_status: status,
});

export const supportTicketDeletedSchema = z.object(ticketRef);

/** Who took the ticket is an agent's login name, which is the team's, not a visitor's, personal data. */
export const supportTicketAssignedSchema = z.object({ ...ticketRef, assigned: z.boolean() });

export const supportTicketPriorityChangedSchema = z.object({
  ...ticketRef,
  from: z.enum(TICKET_PRIORITIES),
  to: z.enum(TICKET_PRIORITIES),
});

export type SupportTicketOpened = z.infer<typeof supportTicketOpenedSchema>;
export type SupportTicketStatusChanged = z.infer<typeof supportTicketStatusChangedSchema>;
export type SupportTicketMessagePosted = z.infer<typeof supportTicketMessagePostedSchema>;
export type SupportTicketDeleted = z.infer<typeof supportTicketDeletedSchema>;

export const supportMessageSchemas = {
  [supportMessageTypes.opened]: supportTicketOpenedSchema,
  [supportMessageTypes.statusChanged]: supportTicketStatusChangedSchema,
  [supportMessageTypes.messagePosted]: supportTicketMessagePostedSchema,
  [supportMessageTypes.deleted]: supportTicketDeletedSchema,
  [supportMessageTypes.assigned]: supportTicketAssignedSchema,
  [supportMessageTypes.priorityChanged]: supportTicketPriorityChangedSchema,
} as const;

/** Builds this module's outbox records, each validated against its type's schema. */
export const ticketMessage = defineMessages(SUPPORT_TICKETS_TOPIC, supportMessageSchemas);
