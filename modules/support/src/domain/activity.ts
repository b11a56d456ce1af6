/**
 * A ticket's timeline for the team: who did what and when. Kept as rows beside the ticket rather than inside it,
 * so the mailers can note a mail sent or failed without competing with the agents' writes for the ticket's
 * version. Never shown to the visitor.
 */
import type { TicketPriority, TicketStatus } from './ticket.ts';

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

export interface ActivityEntry {
  ticket_id: string;
  kind: ActivityKind;
  /** The agent's name, the team's default signature, "Visitor", or "System" for the mailers. */
  actor: string;
  at: string;
  from?: TicketStatus | TicketPriority | string | null;
  to?: TicketStatus | TicketPriority | string | null;
  /** The message of the conversation this entry is about (a reply, a note, a follow-up, a mail's quote). */
  message_index?: number | null;
  /** A mail's kind (`confirmation`, `update`, `team`) or a failure's reason, never an address. */
  detail?: string | null;
}

/** What the admin ticket view lists: an entry without its storage key. */
export type ActivityView = Omit<ActivityEntry, 'ticket_id'>;

export const VISITOR_ACTOR = 'Visitor';
export const SYSTEM_ACTOR = 'System';
