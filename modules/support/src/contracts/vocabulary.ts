/**
 * The support desk's words as the wire carries them: statuses, priorities, ticket numbers, timeline kinds,
 * live changes and presence states. The domain, the answers and the socket payloads all take them from here.
 */

export const TICKET_STATUSES = ['new', 'in_progress', 'waiting_for_user', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What an administrator may set, from any state; `new` is only ever the state of a fresh ticket. */
export const ADMIN_SETTABLE_STATUSES = ['in_progress', 'waiting_for_user', 'resolved', 'closed'] as const;
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** What a ticket opened without a priority gets. */
export const DEFAULT_PRIORITY: TicketPriority = 'medium';

/** The name replies, notes and presence show for an agent who gave none at login. */
export const UNNAMED_AGENT = 'Support team';

/** `TT-<year>-<sequence>`, the sequence padded to at least four digits. */
export const TICKET_NUMBER_PATTERN = /^TT-(\d{4})-(\d{4,})$/;

/** The rows of a ticket's timeline (the team's view only). */
export const ACTIVITY_KINDS = [
  'opened',
  'status_changed',
  'priority_changed',
  'assigned',
  'reply',
  'note',
  'visitor_message',
  'mail_sent',
  'mail_failed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What a live push says happened to the ticket. */
export const TICKET_CHANGES = [
  'opened',
  'status_changed',
  'message_posted',
  'note_added',
  'assigned',
  'priority_changed',
  'deleted',
] as const;
export type TicketChange = (typeof TICKET_CHANGES)[number];

export const PRESENCE_STATES = ['viewing', 'typing'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];
