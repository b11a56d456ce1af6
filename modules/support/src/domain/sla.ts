/**
 * First-response targets by priority: how long a new ticket may wait for the team's first reply. The hours are
 * the operator's (SUPPORT_FIRST_RESPONSE_HOURS); these are the defaults.
 */
import type { TicketSla } from '../contracts/ticket-answers.ts';
import type { TicketPriority } from '../contracts/vocabulary.ts';
import type { Ticket } from './ticket.ts';

export type FirstResponseHours = Record<TicketPriority, number>;

export const DEFAULT_FIRST_RESPONSE_HOURS: FirstResponseHours = { urgent: 1, high: 4, medium: 8, low: 24 };

export function ticketSla(
  ticket: Pick<Ticket, 'priority' | 'status' | 'first_response_at' | 'awaiting_reply_since'> & { created_at: string },
  now: Date,
  hours: FirstResponseHours,
): TicketSla {
  const opened = Date.parse(ticket.created_at);
  const due = new Date(opened + hours[ticket.priority] * 3_600_000);
  const answered = ticket.first_response_at ?? null;
  const finished = ticket.status === 'resolved' || ticket.status === 'closed';
  return {
    age_seconds: Math.max(0, Math.floor((now.getTime() - opened) / 1000)),
    first_response_due_at: due.toISOString(),
    first_response_at: answered,
    overdue: answered === null && !finished && now.getTime() > due.getTime(),
    awaiting_reply_since:
      ticket.awaiting_reply_since === undefined
        ? answered === null
          ? ticket.created_at
          : null
        : ticket.awaiting_reply_since,
  };
}

/** `urgent=1,high=4,medium=8,low=24`: any priority left out keeps its default. */
export function parseFirstResponseHours(text: string): FirstResponseHours {
  const hours = { ...DEFAULT_FIRST_RESPONSE_HOURS };
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(low|medium|high|urgent)\s*=\s*(\d+(?:\.\d+)?)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not priority=hours (priorities: low, medium, high, urgent)`);
    const value = Number(match[2]);
    if (!(value > 0 && value <= 24 * 365)) throw new Error(`${match[1]}: hours must be above 0 and at most a year`);
    hours[match[1] as TicketPriority] = value;
  }
  return hours;
}
