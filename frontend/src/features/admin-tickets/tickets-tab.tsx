import { useEffect, useId, useMemo, useState } from 'react';
import { LiveIndicator } from '../../components/live-status/live-indicator.tsx';
import { isUnauthorized } from '../../lib/support/request-error.ts';
import { STATUS_LABELS, TICKET_STATUSES, type AdminTicketSummary } from '../../lib/support/ticket-types.ts';
import { ADMIN_CHANNEL, useAdminTicketsQuery } from './api.ts';
import { LIST_FAILED, SELECT_PROMPT } from './messages.ts';
import { SAMPLE_TICKETS, isSampleTicket } from './sample-tickets.ts';
import { filterTickets, type StatusFilter } from './ticket-filter.ts';
import { TicketDetail } from './ticket-detail.tsx';
import { TicketList } from './ticket-list.tsx';
import './tickets-tab.css';

/** Spec 02 "Tickets tab": the live queue on the left, the selected ticket on the right. */
export function TicketsTab() {
  const id = useId();
  const list = useAdminTicketsQuery();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<string | null>(null);

  // A 401 is not a list failure: the panel goes back to the login instead of showing samples.
  const failed = list.isError && !isUnauthorized(list.error) && !list.currentData;
  const tickets: readonly AdminTicketSummary[] = failed ? SAMPLE_TICKETS : (list.currentData ?? []);
  const visible = useMemo(() => filterTickets(tickets, search, status), [tickets, search, status]);
  const current = selected ? tickets.find((ticket) => ticket.ticket_number === selected) : undefined;
  const sample = current && failed ? SAMPLE_TICKETS.find((ticket) => ticket.ticket_number === current.ticket_number) : undefined;

  // A ticket deleted elsewhere (another admin, live) leaves the panel rather than lingering as a ghost.
  useEffect(() => {
    if (selected && list.currentData && !failed && !current) setSelected(null);
  }, [selected, list.currentData, failed, current]);

  const select = (number: string) => {
    setSelected(number);
    // On a phone the detail sits below the list: bring it into view, and give keyboard users its heading.
    requestAnimationFrame(() => document.getElementById(`${id}-detail-heading`)?.focus());
  };

  return (
    <div className="admin-workspace">
      <section className="admin-workspace__panel admin-workspace__panel--padded" aria-labelledby={`${id}-queue-title`}>
        <div className="admin-workspace__head">
          <h2 id={`${id}-queue-title`}>Support Tickets</h2>
          <LiveIndicator channel={ADMIN_CHANNEL} />
        </div>
        <div className="tickets-tab__filters">
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Search tickets
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search tickets..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className="visually-hidden" htmlFor={`${id}-status`}>
            Status filter
          </label>
          <select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="all">All Status</option>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {failed && (
          <div className="admin-alert admin-alert--error" role="alert">
            <p>{LIST_FAILED}</p>
            <button type="button" className="btn btn-small" onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching ? 'Retrying...' : 'Retry'}
            </button>
          </div>
        )}
        {list.isLoading ? (
          <p className="admin-workspace__state" role="status">
            Loading tickets...
          </p>
        ) : visible.length === 0 ? (
          <p className="admin-workspace__state">No tickets found</p>
        ) : (
          <TicketList tickets={visible} selected={selected} onSelect={select} isSample={(number) => failed && isSampleTicket(number)} />
        )}
      </section>
      <div className="admin-workspace__panel admin-workspace__sticky">
        {current ? (
          <TicketDetail
            key={current.ticket_number}
            summary={current}
            sample={sample}
            headingId={`${id}-detail-heading`}
            onDeleted={() => setSelected(null)}
          />
        ) : (
          <p className="admin-workspace__prompt">{SELECT_PROMPT}</p>
        )}
      </div>
    </div>
  );
}
