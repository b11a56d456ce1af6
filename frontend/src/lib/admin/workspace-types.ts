/**
 * What the support workspace reads beyond the spec's ticket: the timeline, SLA times, assignment, canned replies
 * and presence, as the server's admin views and `/admin` socket carry them. Fields are optional where an older
 * server may leave them out, so the panel degrades to the spec's view instead of breaking.
 */
export type ActivityKind =
  | 'opened'
  | 'status_changed'
  | 'priority_changed'
  | 'assigned'
  | 'reply'
  | 'note'
  | 'visitor_message'
  | 'mail_sent'
  | 'mail_failed';

export interface ActivityEntry {
  kind: ActivityKind | string;
  /** The agent's name, the team's default signature, "Visitor", or "System" for the mailers. */
  actor: string;
  at: string;
  from?: string | null;
  to?: string | null;
  /** The conversation message this entry is about (a reply, a note, a follow-up). */
  message_index?: number | null;
  /** A mail's kind or a failure's reason. */
  detail?: string | null;
}

export interface TicketSla {
  age_seconds?: number;
  first_response_due_at: string;
  first_response_at: string | null;
  overdue: boolean;
  /** Since when the visitor has been waiting for the team, or null when the team spoke last. */
  awaiting_reply_since: string | null;
}

/** The workspace's additions to an admin ticket (summary or full). */
export interface WorkspaceTicketFields {
  assignee?: string | null;
  notes_count?: number;
  sla?: TicketSla | null;
  activity?: ActivityEntry[];
}

export interface CannedReply {
  id: string;
  title: string;
  /** May hold `{{name}}` (the visitor's name) and `{{ticket_number}}`. */
  body: string;
  updated_at?: string;
}

/**
 * One ticket's agents as the `/admin` socket reports them: each agent once, typing if any of their tabs is.
 * `agent_id` tells agents apart (their login session); `agent` is only the name, and two agents may share it.
 */
export interface TicketAgents {
  ticket_number: string;
  agents: Array<{ agent_id: string; agent: string; state: 'viewing' | 'typing'; expires_at: string }>;
}

/** Socket events of the `/admin` namespace for presence. */
export const PRESENCE_EVENTS = {
  /** Client → server: `{ ticket_number: string | null, state: 'viewing' | 'typing' }`, renewed every `renew_ms`. */
  announce: 'presence',
  /** Server → client on connecting: `{ renew_ms, tickets: TicketAgents[], self }`, `self` being this socket's own `agent_id`. */
  snapshot: 'presence:snapshot',
  /** Server → client whenever one ticket's agents change: `TicketAgents`. */
  ticket: 'presence',
} as const;

/** The name an agent who gave none is shown under (the server signs with the same words). */
export const UNNAMED_AGENT = 'Support team';
