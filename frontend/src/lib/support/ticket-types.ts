/** Support ticket shapes as the HTTP API and the socket pushes carry them (spec 02 §3, §4). */

export const TICKET_STATUSES = ['new', 'in_progress', 'waiting_for_user', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const DEFAULT_PRIORITY: TicketPriority = 'medium';

/** The exact status wording of spec 02 §2 (status filter and badges). */
export const STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  waiting_for_user: 'Waiting for User',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** Unknown values from a newer server still render: as their raw text rather than as nothing. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as TicketStatus] ?? status;
}

export function priorityLabel(priority: string): string {
  return PRIORITY_LABELS[priority as TicketPriority] ?? priority;
}

export interface TicketMessage {
  sender_name: string;
  message: string;
  is_admin: boolean;
  created_at: string;
}

export interface BrowserInfo {
  userAgent?: string | null;
  language?: string | null;
  platform?: string | null;
  screenResolution?: string | null;
}

/** What anyone with the number sees: where the ticket stands, none of its words (sequential numbers are guessable). */
export interface TicketStatusView {
  ticket_number: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** The token holder's summary, as the live pushes on `/tickets` carry it. */
export interface PublicTicketSummary {
  ticket_number: string;
  subject: string;
  category: string;
  priority: string;
  status: string;
  created_at: string;
  updated_at: string;
  messages_count: number;
  resolution: string | null;
  version: number;
}

/** What the holder of the ticket's access token sees. */
export interface PublicTicketDetail extends PublicTicketSummary {
  description: string;
  messages: TicketMessage[];
}

export type PublicTicket = TicketStatusView | PublicTicketDetail;

export function hasConversation(ticket: PublicTicket): ticket is PublicTicketDetail {
  return 'messages' in ticket && Array.isArray(ticket.messages);
}

export interface AdminTicketSummary extends PublicTicketSummary {
  id: string;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  description: string;
  page_url: string | null;
  browser_info: BrowserInfo | null;
}

export interface AdminTicket extends AdminTicketSummary {
  messages: TicketMessage[];
}

export type TicketChange = 'opened' | 'status_changed' | 'message_posted' | 'deleted';

/** A push on the `/admin` namespace. */
export interface AdminTicketPush {
  change: TicketChange;
  ticket_number: string;
  id: string;
  version: number;
  ticket: AdminTicketSummary | null;
}

/** A push on the `/tickets` namespace, for one followed ticket. */
export interface PublicTicketPush {
  change: TicketChange;
  ticket_number: string;
  version: number;
  ticket: PublicTicketSummary | null;
}

export interface SupportCategory {
  value: string;
  label: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}
