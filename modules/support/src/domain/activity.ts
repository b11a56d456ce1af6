/**
 * A ticket's timeline for the team: who did what and when. Kept as rows beside the ticket rather than inside it,
 * so the mailers can note a mail sent or failed without competing with the agents' writes for the ticket's
 * version. Never shown to the visitor.
 */
import type { ActivityKind, TicketPriority, TicketStatus } from '../contracts/vocabulary.ts';

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

export const VISITOR_ACTOR = 'Visitor';
export const SYSTEM_ACTOR = 'System';
