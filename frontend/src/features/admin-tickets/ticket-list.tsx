import { PriorityBadge, StatusBadge } from '../../components/support-ticket/ticket-badges.tsx';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import type { AdminTicketSummary } from '../../lib/support/ticket-types.ts';

interface Props {
  tickets: readonly AdminTicketSummary[];
  selected: string | null;
  onSelect(number: string): void;
  isSample(number: string): boolean;
}

/** The rows of the left list: subject, number, user, created time, status and priority. */
export function TicketList({ tickets, selected, onSelect, isSample }: Props) {
  return (
    <ul className="admin-rows" aria-label="Tickets">
      {tickets.map((ticket) => {
        const current = ticket.ticket_number === selected;
        return (
          <li key={ticket.ticket_number}>
            <button
              type="button"
              className={`admin-row${current ? ' admin-row--current' : ''}`}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(ticket.ticket_number)}
            >
              <span className="admin-row__top">
                <span className="admin-row__title">{ticket.subject}</span>
                {isSample(ticket.ticket_number) && <span className="sample-badge">Sample</span>}
              </span>
              <span className="admin-row__meta">
                <span className="ticket-row__number">{ticket.ticket_number}</span>
                <span>{ticket.user_name}</span>
                <time dateTime={ticket.created_at}>{formatTicketTime(ticket.created_at)}</time>
              </span>
              <span className="ticket-row__badges">
                <StatusBadge status={ticket.status} />
                {ticket.priority && <PriorityBadge priority={ticket.priority} />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
