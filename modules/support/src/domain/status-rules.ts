/**
 * How a ticket's state moves (spec 02 §4). Pure decisions; the commands apply them.
 *
 * - An administrator may set in_progress, waiting_for_user, resolved or closed from any state, with an
 *   optional message appended to the conversation. Resolving or closing with a message makes that message the
 *   ticket's `resolution`. Setting the state the ticket is already in changes nothing unless a message comes
 *   with it, in which case it is simply an admin reply.
 * - A visitor's follow-up on a ticket waiting for them or already resolved reopens it as in_progress: someone
 *   has to read it, and a resolved ticket that gets an answer was evidently not resolved. A closed ticket
 *   takes no follow-ups; the visitor opens a new one.
 */
import type { AdminSettableStatus, TicketStatus } from '../contracts/vocabulary.ts';
import type { Ticket, TicketMessage } from './ticket.ts';

export const CLOSED_TICKET_MESSAGE = 'This ticket is closed. Please open a new ticket.';

export type TicketPatch = Pick<Ticket, 'status' | 'resolution' | 'messages' | 'messages_count'>;

export type AdminStatusDecision =
  | { kind: 'unchanged' }
  | { kind: 'reply'; patch: TicketPatch; messageIndex: number }
  | {
      kind: 'status_changed';
      from: TicketStatus;
      to: AdminSettableStatus;
      patch: TicketPatch;
      messageIndex: number | null;
    };

function withMessage(ticket: Pick<Ticket, 'messages'>, message: TicketMessage) {
  const messages = [...ticket.messages, message];
  return { messages, messages_count: messages.length, messageIndex: messages.length - 1 };
}

export function decideAdminStatus(
  ticket: Pick<Ticket, 'status' | 'resolution' | 'messages'>,
  to: AdminSettableStatus,
  reply: TicketMessage | null,
): AdminStatusDecision {
  const closing = to === 'resolved' || to === 'closed';
  if (ticket.status === to) {
    if (!reply) return { kind: 'unchanged' };
    const { messageIndex, ...appended } = withMessage(ticket, reply);
    return {
      kind: 'reply',
      patch: { status: to, resolution: closing ? reply.message : ticket.resolution, ...appended },
      messageIndex,
    };
  }
  if (!reply) {
    return {
      kind: 'status_changed',
      from: ticket.status,
      to,
      patch: {
        status: to,
        resolution: ticket.resolution,
        messages: ticket.messages,
        messages_count: ticket.messages.length,
      },
      messageIndex: null,
    };
  }
  const { messageIndex, ...appended } = withMessage(ticket, reply);
  return {
    kind: 'status_changed',
    from: ticket.status,
    to,
    patch: { status: to, resolution: closing ? reply.message : ticket.resolution, ...appended },
    messageIndex,
  };
}

export type FollowUpDecision =
  { kind: 'refused_closed' } | { kind: 'posted'; patch: TicketPatch; messageIndex: number };

/** A message from the visitor (never an admin message, whatever the request claimed). */
export function decideVisitorFollowUp(
  ticket: Pick<Ticket, 'status' | 'resolution' | 'messages'>,
  message: TicketMessage,
): FollowUpDecision {
  if (ticket.status === 'closed') return { kind: 'refused_closed' };
  const reopens = ticket.status === 'waiting_for_user' || ticket.status === 'resolved';
  const { messageIndex, ...appended } = withMessage(ticket, { ...message, is_admin: false });
  return {
    kind: 'posted',
    patch: { status: reopens ? 'in_progress' : ticket.status, resolution: ticket.resolution, ...appended },
    messageIndex,
  };
}

/** An internal note: appended for the team, status and resolution untouched, allowed in any state. */
export function decideInternalNote(ticket: Pick<Ticket, 'status' | 'resolution' | 'messages'>, message: TicketMessage) {
  const { messageIndex, ...appended } = withMessage(ticket, { ...message, is_admin: true, is_internal: true });
  return {
    patch: { status: ticket.status, resolution: ticket.resolution, ...appended } satisfies TicketPatch,
    messageIndex,
  };
}

/** An administrator's reply through the messages call: appended, status untouched, allowed in any state. */
export function decideAdminReply(ticket: Pick<Ticket, 'status' | 'resolution' | 'messages'>, message: TicketMessage) {
  const { messageIndex, ...appended } = withMessage(ticket, { ...message, is_admin: true });
  return {
    patch: { status: ticket.status, resolution: ticket.resolution, ...appended } satisfies TicketPatch,
    messageIndex,
  };
}
