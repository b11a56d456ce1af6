import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { LiveIndicator } from '../../components/live-status/live-indicator.tsx';
import { useShortcuts } from '../../lib/admin/shortcuts.ts';
import { isUnauthorized } from '../../lib/support/request-error.ts';
import { TICKET_STATUSES } from '@evently/support/contracts';
import { STATUS_LABELS } from '../../lib/support/ticket-labels.ts';
import { ADMIN_CHANNEL, useAdminTicketsQuery, type AdminTicketSummary } from './api.ts';
import { CannedRepliesManager } from './canned-replies-manager.tsx';
import { KeyboardHelp } from './keyboard-help.tsx';
import { LIST_FAILED, SELECT_PROMPT } from './messages.ts';
import { ASSIGNEE_VIEWS, byAssignee, ordered, statusCounts, type AssigneeView, type QueueOrder } from './queue-view.ts';
import { SAMPLE_TICKETS, isSampleTicket } from './sample-tickets.ts';
import { filterTickets, type StatusFilter } from './ticket-filter.ts';
import { TicketDetail, type TicketDetailHandle } from './ticket-detail.tsx';
import { TicketList } from './ticket-list.tsx';
import './tickets-tab.css';
import './workspace-extras.css';

/** Where the queue's order is remembered in this browser. */
const ORDER_KEY = 'evently.admin.queue-order';

const NO_TICKETS: readonly AdminTicketSummary[] = [];

function storedOrder(): QueueOrder {
  try {
    return globalThis.localStorage?.getItem(ORDER_KEY) === 'oldest_waiting' ? 'oldest_waiting' : 'newest';
  } catch {
    return 'newest';
  }
}

/**
 * Spec 02 "Tickets tab" as the support workspace: the live queue (views, counts, order) beside the selected
 * ticket on a wide screen, stacked on a phone; j/k/r/n/e/? from the keyboard.
 */
export function TicketsTab({ agentName }: { agentName: string | null }) {
  const id = useId();
  const list = useAdminTicketsQuery();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [assignee, setAssignee] = useState<AssigneeView>('all');
  const [order, setOrder] = useState<QueueOrder>(storedOrder);
  const [selected, setSelected] = useState<string | null>(null);
  const [overlay, setOverlay] = useState<'keys' | 'canned' | null>(null);
  const detailRef = useRef<TicketDetailHandle>(null);

  // A 401 is not a list failure: the panel goes back to the login instead of showing samples.
  const failed = list.isError && !isUnauthorized(list.error) && !list.currentData;
  const tickets: readonly AdminTicketSummary[] = useMemo(
    () => (failed ? SAMPLE_TICKETS : (list.currentData ?? NO_TICKETS)),
    [failed, list.currentData],
  );
  const mineOrAll = useMemo(() => byAssignee(tickets, assignee, agentName), [tickets, assignee, agentName]);
  const counts = useMemo(() => statusCounts(mineOrAll), [mineOrAll]);
  const visible = useMemo(
    () => ordered(filterTickets(mineOrAll, search, status), order),
    [mineOrAll, search, status, order],
  );
  const current = selected ? tickets.find((ticket) => ticket.ticket_number === selected) : undefined;
  const sample =
    current && failed ? SAMPLE_TICKETS.find((ticket) => ticket.ticket_number === current.ticket_number) : undefined;

  // A ticket deleted elsewhere (another admin, live) leaves the panel rather than lingering as a ghost.
  if (selected && list.currentData && !failed && !current) setSelected(null);

  const select = useCallback(
    (number: string, focusHeading = true) => {
      setSelected(number);
      requestAnimationFrame(() => {
        const row = [...document.querySelectorAll<HTMLElement>('[data-ticket]')].find(
          (element) => element.dataset.ticket === number,
        );
        row?.scrollIntoView?.({ block: 'nearest' });
        // On a phone the detail sits below the list: bring it into view, and give keyboard users its heading.
        if (focusHeading) document.getElementById(`${id}-detail-heading`)?.focus();
      });
    },
    [id],
  );

  const step = (by: 1 | -1) => {
    if (visible.length === 0) return;
    const index = visible.findIndex((ticket) => ticket.ticket_number === selected);
    const next =
      index < 0 ? (by === 1 ? 0 : visible.length - 1) : Math.min(visible.length - 1, Math.max(0, index + by));
    select(visible[next]!.ticket_number);
  };

  useShortcuts(
    [
      { key: 'j', label: 'Next ticket', run: () => step(1) },
      { key: 'k', label: 'Previous ticket', run: () => step(-1) },
      { key: 'r', label: 'Reply', run: () => detailRef.current?.compose('reply') },
      { key: 'n', label: 'Internal note', run: () => detailRef.current?.compose('note') },
      { key: 'e', label: 'Resolve', run: () => detailRef.current?.resolve() },
      { key: '?', label: 'Keyboard shortcuts', run: () => setOverlay('keys') },
    ],
    overlay === null,
  );

  const changeOrder = (next: QueueOrder) => {
    setOrder(next);
    try {
      globalThis.localStorage?.setItem(ORDER_KEY, next);
    } catch {
      // Remembering the order is a convenience only.
    }
  };
  const closeOverlay = useCallback(() => setOverlay(null), []);

  return (
    <div className="admin-workspace tickets-workspace">
      <section className="admin-workspace__panel admin-workspace__panel--padded" aria-labelledby={`${id}-queue-title`}>
        <div className="admin-workspace__head">
          <h2 id={`${id}-queue-title`}>Support Tickets</h2>
          <div className="tickets-tab__head-tools">
            <LiveIndicator channel={ADMIN_CHANNEL} />
            <button type="button" className="btn btn-small btn-link" onClick={() => setOverlay('canned')}>
              Canned replies
            </button>
            <button
              type="button"
              className="btn btn-small btn-link"
              aria-keyshortcuts="Shift+?"
              onClick={() => setOverlay('keys')}
            >
              <span aria-hidden="true">?</span>
              <span className="visually-hidden">Keyboard shortcuts</span>
            </button>
          </div>
        </div>
        <div className="tickets-tab__views" role="group" aria-label="Whose tickets">
          {ASSIGNEE_VIEWS.map((view) => (
            <button
              key={view.id}
              type="button"
              className="tickets-tab__view"
              aria-pressed={assignee === view.id}
              title={view.id === 'mine' && !agentName ? 'Log in with your name to have tickets of your own' : undefined}
              onClick={() => setAssignee(view.id)}
            >
              {view.label}
            </button>
          ))}
        </div>
        <div className="tickets-tab__counts" role="group" aria-label="Tickets per status">
          {TICKET_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              className={`status-count status-count--${value}`}
              aria-pressed={status === value}
              onClick={() => setStatus(status === value ? 'all' : value)}
            >
              <span className="status-count__label">{STATUS_LABELS[value]}</span>
              <span className="status-count__value">{counts[value]}</span>
            </button>
          ))}
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
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
          >
            <option value="all">All Status</option>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor={`${id}-order`}>
            Order
          </label>
          <select id={`${id}-order`} value={order} onChange={(event) => changeOrder(event.target.value as QueueOrder)}>
            <option value="newest">Newest first</option>
            <option value="oldest_waiting">Oldest waiting first</option>
          </select>
        </div>
        {failed && (
          <div className="alert alert--error" role="alert">
            <p>{LIST_FAILED}</p>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void list.refetch()}
              disabled={list.isFetching}
            >
              {list.isFetching ? 'Retrying...' : 'Retry'}
            </button>
          </div>
        )}
        {list.isLoading ? (
          <p className="admin-workspace__state" role="status">
            Loading tickets...
          </p>
        ) : visible.length === 0 ? (
          <p className="admin-workspace__state">
            {assignee === 'mine' && !agentName
              ? 'Log in with your name to have tickets of your own.'
              : 'No tickets found'}
          </p>
        ) : (
          <TicketList
            tickets={visible}
            selected={selected}
            onSelect={select}
            isSample={(number) => failed && isSampleTicket(number)}
          />
        )}
      </section>
      <div className="admin-workspace__panel admin-workspace__sticky">
        {current ? (
          <TicketDetail
            key={current.ticket_number}
            handle={detailRef}
            summary={current}
            sample={sample}
            agentName={agentName}
            headingId={`${id}-detail-heading`}
            onDeleted={() => setSelected(null)}
          />
        ) : (
          <div className="admin-workspace__prompt">
            <p>{SELECT_PROMPT}</p>
            <p className="admin-workspace__prompt-hint">
              Press <kbd>j</kbd> for the first ticket, <kbd>?</kbd> for all shortcuts.
            </p>
          </div>
        )}
      </div>
      {overlay === 'keys' && <KeyboardHelp onClose={closeOverlay} />}
      {overlay === 'canned' && <CannedRepliesManager onClose={closeOverlay} />}
    </div>
  );
}
