/**
 * What each kind of reader may see of a ticket (decisions 012 and 018). Ticket numbers are sequential and
 * therefore guessable, so the number alone reveals only where the ticket stands: its status and dates, none of
 * the words anyone wrote. The subject, the resolution, the description and the conversation need the ticket's
 * access token; only an administrator sees who wrote it. No view ever carries the token.
 */
import type { Stored } from '@evently/platform';
import type {
  AdminTicket,
  AdminTicketSummary,
  PublicTicketDetail,
  PublicTicketSummary,
  TicketStatusView,
} from '../contracts/ticket-answers.ts';
import type { Ticket } from './ticket.ts';

const isNote = (message: { is_internal?: boolean }) => message.is_internal === true;
/** The conversation the visitor is part of: every message but the team's internal notes. */
export const visibleMessages = (ticket: Pick<Ticket, 'messages'>) =>
  ticket.messages.filter((message) => !isNote(message));

/** How the visitor's own messages are labelled in their view, so their name never leaves the server. */
export const VISITOR_SENDER_LABEL = 'You';

export function toStatusView(ticket: Stored<Ticket>): TicketStatusView {
  return {
    ticket_number: ticket.ticket_number,
    status: ticket.status,
    created_at: ticket.created_at,
    updated_at: ticket.updated_at,
  };
}

export function toPublicSummary(ticket: Stored<Ticket>): PublicTicketSummary {
  return {
    ticket_number: ticket.ticket_number,
    subject: ticket.subject,
    category: ticket.category,
    priority: ticket.priority,
    status: ticket.status,
    created_at: ticket.created_at,
    updated_at: ticket.updated_at,
    messages_count: visibleMessages(ticket).length,
    resolution: ticket.resolution,
    version: ticket.version,
  };
}

export function toPublicDetail(ticket: Stored<Ticket>): PublicTicketDetail {
  return {
    ...toPublicSummary(ticket),
    description: ticket.description,
    messages: visibleMessages(ticket).map((message) => ({
      sender_name: message.is_admin ? message.sender_name : VISITOR_SENDER_LABEL,
      message: message.message,
      is_admin: message.is_admin,
      is_internal: isNote(message),
      created_at: message.created_at,
    })),
  };
}

export function toAdminSummary(ticket: Stored<Ticket>): AdminTicketSummary {
  return {
    id: ticket.id,
    ...toPublicSummary(ticket),
    description: ticket.description,
    user_name: ticket.user_name,
    user_email: ticket.user_email,
    user_phone: ticket.user_phone,
    page_url: ticket.page_url,
    browser_info: ticket.browser_info,
    assignee: ticket.assignee ?? null,
    notes_count: ticket.messages.filter(isNote).length,
  };
}

export function toAdminTicket(ticket: Stored<Ticket>): AdminTicket {
  return {
    ...toAdminSummary(ticket),
    messages: ticket.messages.map((message) => ({
      sender_name: message.sender_name,
      message: message.message,
      is_admin: message.is_admin,
      is_internal: isNote(message),
      created_at: message.created_at,
    })),
  };
}
