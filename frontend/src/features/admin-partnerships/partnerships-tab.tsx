import { useId, useState } from 'react';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import { isUnauthorized } from '../../lib/support/request-error.ts';
import { TYPE_LABELS, usePartnershipRequestsQuery, type StatusFilter } from './api.ts';
import { EMPTY_LIST, LIST_FAILED, SELECT_PROMPT } from './messages.ts';
import { RequestDetail } from './request-detail.tsx';
import './partnerships-tab.css';

/**
 * The panel's fifth tab: partnership requests, newest first, with the selected one on the right.
 * The spec's panel has no place for them, so without this tab they would reach only the team inbox.
 */
export function PartnershipsTab() {
  const id = useId();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const list = usePartnershipRequestsQuery({ status, page });
  const data = list.currentData;
  const requests = data?.requests ?? [];
  const current = requests.find((request) => request.id === selected);
  const failed = list.isError && !isUnauthorized(list.error);

  // A request that left the list (deleted, or filtered out after a status change) leaves the detail too.
  if (selected && data && !current) setSelected(null);

  const select = (requestId: string) => {
    setSelected(requestId);
    requestAnimationFrame(() => document.getElementById(`${id}-detail-heading`)?.focus());
  };

  return (
    <div className="admin-workspace">
      <section className="admin-workspace__panel admin-workspace__panel--padded" aria-labelledby={`${id}-title`}>
        <div className="admin-workspace__head">
          <h2 id={`${id}-title`}>
            Partnership Requests
            {data && data.new_count > 0 && <span className="partnerships-tab__count">{data.new_count} new</span>}
          </h2>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            {list.isFetching ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        <label className="visually-hidden" htmlFor={`${id}-status`}>
          Status filter
        </label>
        <select
          id={`${id}-status`}
          className="partnerships-tab__filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
        >
          <option value="all">All requests</option>
          <option value="new">New</option>
          <option value="handled">Handled</option>
        </select>
        {failed && (
          <p className="alert alert--error" role="alert">
            {LIST_FAILED}
          </p>
        )}
        {list.isLoading ? (
          <p className="admin-workspace__state" role="status">
            Loading requests...
          </p>
        ) : requests.length === 0 && !failed ? (
          <p className="admin-workspace__state">{EMPTY_LIST}</p>
        ) : (
          <ul className="admin-rows" aria-label="Partnership requests">
            {requests.map((request) => (
              <li key={request.id}>
                <button
                  type="button"
                  className={`admin-row${request.id === selected ? ' admin-row--current' : ''}`}
                  aria-current={request.id === selected ? 'true' : undefined}
                  onClick={() => select(request.id)}
                >
                  <span className="admin-row__top">
                    <span className="admin-row__title">{request.company}</span>
                    <span className={`request-badge request-badge--${request.status}`}>
                      {request.status === 'new' ? 'New' : 'Handled'}
                    </span>
                  </span>
                  <span className="admin-row__meta">
                    <span>{request.contact_name}</span>
                    <span>{TYPE_LABELS[request.partnership_type]}</span>
                    <time dateTime={request.created_at}>{formatTicketTime(request.created_at)}</time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {data && data.pagination.pages > 1 && (
          <nav className="partnerships-tab__pages" aria-label="Pages">
            <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Prev
            </button>
            <span>
              Page {data.pagination.page} of {data.pagination.pages}
            </span>
            <button
              type="button"
              className="btn btn-small"
              disabled={page >= data.pagination.pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </section>
      <div className="admin-workspace__panel admin-workspace__sticky">
        {current ? (
          <RequestDetail
            key={current.id}
            request={current}
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
