/**
 * The support module's only public door: tickets and their conversation, tracking by number and token,
 * categories and FAQ, the admin calls, the support mails and the content of the live pushes. See
 * ../CONTEXT.md for its vocabulary.
 */
export { createSupportModule, type SupportModule, type SupportOptions } from './support-module.ts';
export type { LivePushes, SupportLiveFeed } from './application/live/support-live-feed.ts';
export type { BrowserInfo } from './domain/ticket.ts';
export type { AgentPresence } from './application/presence/agent-presence.ts';
export type { PresenceAgent } from './domain/presence.ts';
export { PRESENCE_RENEW_MS, PRESENCE_TTL_MS } from './domain/presence.ts';
export { SUPPORT_PRESENCE_TOPIC } from './contracts/presence.ts';
export type { FirstResponseHours } from './domain/sla.ts';
export type { CannedReplyValues } from './domain/canned-reply.ts';
export { CANNED_REPLY_PLACEHOLDERS, renderCannedReply } from './domain/canned-reply.ts';
export { DEFAULT_FIRST_RESPONSE_HOURS, parseFirstResponseHours, ticketSla } from './domain/sla.ts';
export { replyAddress, ticketOfReplyAddress, type ReplyAddressSettings } from './domain/reply-address.ts';
export { stripQuotedReply } from './domain/reply-text.ts';
export type { InboundMailListener } from './infra/inbound-smtp.ts';
export { STATUS_LABELS } from './domain/ticket.ts';
export { SUPPORT_CATEGORIES } from './contracts/categories.ts';
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

// The wire's words, answers and live channels; also `@evently/support/contracts`, which the browser may take.
export * from './contracts/index.ts';

// Request schemas of the HTTP calls, for the backend's OpenAPI document (`/api/openapi.json`).
export { createTicketSchema } from './contracts/create-ticket.ts';
export { postMessageSchema as ticketPostMessageSchema } from './contracts/post-message.ts';
export {
  adminListQuerySchema as ticketAdminListQuerySchema,
  assignSchema as ticketAssignSchema,
  prioritySchema as ticketPrioritySchema,
  statusUpdateSchema as ticketStatusUpdateSchema,
} from './contracts/admin.ts';
