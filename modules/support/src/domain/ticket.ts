/** The support ticket aggregate (spec 02 §3, §4); its statuses and priorities are the wire's (contracts/vocabulary.ts). Pure: no I/O here. */
import type { TicketPriority, TicketStatus } from '../contracts/vocabulary.ts';

/** Status in words, as the admin panel's filter shows them; used in mails to the visitor. */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  waiting_for_user: 'Waiting for User',
  resolved: 'Resolved',
  closed: 'Closed',
};

export interface BrowserInfo {
  userAgent: string | null;
  language: string | null;
  platform: string | null;
  screenResolution: string | null;
}

export interface TicketMessage {
  sender_name: string;
  message: string;
  /** False for the visitor's follow-ups, true for the support team's replies and notes. */
  is_admin: boolean;
  /** An internal note: for the team only, never in the visitor's view, their pushes or their mail. */
  is_internal?: boolean;
  created_at: string;
}

/**
 * One ticket with its conversation: the messages live inside the document so a reply and the status change it
 * may cause commit as one versioned change of one aggregate.
 */
export interface Ticket {
  ticket_number: string;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  subject: string;
  description: string;
  category: string;
  priority: TicketPriority;
  status: TicketStatus;
  page_url: string | null;
  browser_info: BrowserInfo | null;
  messages_count: number;
  resolution: string | null;
  messages: TicketMessage[];
  /** Server-only secret that unlocks the description and conversation for the visitor; never in a public answer. */
  access_token: string;
  /** The agent who took the ticket (their login name), or null; absent on tickets older than assignment. */
  assignee?: string | null;
  /** When the team first answered the visitor (a reply, not a note): the first-response target is met then. */
  first_response_at?: string | null;
  /** Since when the visitor has been waiting for the team: set by the ticket and by a follow-up, cleared by a reply. */
  awaiting_reply_since?: string | null;
}
