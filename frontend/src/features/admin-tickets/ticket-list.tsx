import { PriorityBadge, StatusBadge } from '../../components/support-ticket/ticket-badges.tsx';
import { presenceOn, usePresenceState } from '../../lib/admin/presence.ts';
import { useNow } from '../../lib/admin/use-now.ts';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import type { AdminTicketSummary } from './api.ts';
import { PresenceLine } from './presence-line.tsx';
import { ageText, firstResponseState } from './sla-text.ts';

interface Props {
  tickets: readonly AdminTicketSummary[];
  selected: string | null;
  onSelect(number: string): void;
  isSample(number: string): boolean;
}

/**
 * The rows of the left list: subject, number, user, created time, status and priority (the spec's), then who
 * has it, how old it is, when the first reply is due, and who else has it open.
 */
export function TicketList({ tickets, selected, onSelect, isSample }: Props) {
  const presence = usePresenceState();
  const now = useNow();
  return (
    <ul className="admin-rows" aria-label="Tickets">
      {tickets.map((ticket) => {
        const current = ticket.ticket_number === selected;
        const due = firstResponseState(ticket, now);
        const others = presenceOn(presence, ticket.ticket_number, now);
        return (
          <li key={ticket.ticket_number}>
            <button
              type="button"
              className={`admin-row${current ? ' admin-row--current' : ''}${due?.tone === 'overdue' ? ' ticket-row--overdue' : ''}`}
              aria-current={current ? 'true' : undefined}
              data-ticket={ticket.ticket_number}
              onClick={() => onSelect(ticket.ticket_number)}
            >
              <span className="admin-row__top">
                <span className="admin-row__title">{ticket.subject}</span>
                {isSample(ticket.ticket_number) && <span className="sample-badge">Sample</span>}
              </span>
              <span className="admin-row__meta">
                <span className="ticket-row__number">{ticket.ticket_number}</span>
                <span>{ticket.user_name}</span>
                <time dateTime={ticket.created_at} title={ageText(ticket.created_at, now)}>
                  {formatTicketTime(ticket.created_at)}
                </time>
              </span>
              <span className="ticket-row__badges">
                <StatusBadge status={ticket.status} />
                {ticket.priority && <PriorityBadge priority={ticket.priority} />}
                {due && due.tone !== 'met' && <span className={`sla-chip sla-chip--${due.tone}`}>{due.text}</span>}
                {ticket.assignee && (
                  <span className="assignee-chip">
                    <span className="visually-hidden">Assigned to </span>
                    {ticket.assignee}
                  </span>
                )}
              </span>
              <PresenceLine presence={others} compact />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
