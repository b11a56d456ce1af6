import { priorityLabel, statusLabel } from '../../lib/support/ticket-labels.ts';
import './ticket-badges.css';

/** A ticket's status as a coloured pill; the colour only repeats what the text already says. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`ticket-badge ticket-badge--status-${status}`}>{statusLabel(status)}</span>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <span className={`ticket-badge ticket-badge--priority-${priority}`}>
      <span className="visually-hidden">Priority: </span>
      {priorityLabel(priority)}
    </span>
  );
}
