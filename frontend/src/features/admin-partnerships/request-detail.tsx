import { useState, type ReactNode } from 'react';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import {
  TYPE_LABELS,
  useDeletePartnershipRequestMutation,
  useSetPartnershipRequestStatusMutation,
  type PartnershipRequest,
} from './api.ts';
import { DELETE_FAILED, STATUS_FAILED } from './messages.ts';

interface Props {
  request: PartnershipRequest;
  headingId: string;
  onDeleted(): void;
}

/** Everything the requester sent, with the two actions: mark handled (or new again) and delete. */
export function RequestDetail({ request, headingId, onDeleted }: Props) {
  const [setStatus, statusCall] = useSetPartnershipRequestStatusMutation();
  const [remove, deleteCall] = useDeletePartnershipRequestMutation();
  const [error, setError] = useState<string | null>(null);
  const handled = request.status === 'handled';

  const toggle = async () => {
    setError(null);
    try {
      await setStatus({ id: request.id, status: handled ? 'new' : 'handled' }).unwrap();
    } catch {
      setError(STATUS_FAILED);
    }
  };

  const destroy = async () => {
    if (!window.confirm(`Delete the request from ${request.company}? This cannot be undone.`)) return;
    setError(null);
    try {
      await remove(request.id).unwrap();
      onDeleted();
    } catch {
      setError(DELETE_FAILED);
    }
  };

  const rows: Array<[string, ReactNode]> = [
    ['Contact', request.contact_name],
    ['Email', <a href={`mailto:${request.email}`}>{request.email}</a>],
    ['Phone', request.phone ? <a href={`tel:${request.phone}`}>{request.phone}</a> : '—'],
    [
      'Website',
      // The server accepts only http(s) addresses, so this cannot be a script link.
      request.website ? (
        <a href={request.website} target="_blank" rel="noopener noreferrer nofollow">
          {request.website}
        </a>
      ) : (
        '—'
      ),
    ],
    ['Type', TYPE_LABELS[request.partnership_type]],
    ['Received', <time dateTime={request.created_at}>{formatTicketTime(request.created_at)}</time>],
    [
      'Status',
      handled && request.handled_at ? `Handled ${formatTicketTime(request.handled_at)}` : handled ? 'Handled' : 'New',
    ],
  ];

  return (
    <article className="request-detail" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {request.company}
      </h2>
      <dl className="request-detail__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Message</h3>
      <p className="request-detail__message">{request.message ?? 'No message.'}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="request-detail__actions">
        <button type="button" className="btn btn-primary" onClick={() => void toggle()} disabled={statusCall.isLoading}>
          {statusCall.isLoading ? 'Saving...' : handled ? 'Mark as New' : 'Mark Handled'}
        </button>
        <a
          className="btn"
          href={`mailto:${request.email}?subject=${encodeURIComponent(`Your partnership inquiry (${request.company})`)}`}
        >
          Reply by Email
        </a>
        <button
          type="button"
          className="btn request-detail__delete"
          onClick={() => void destroy()}
          disabled={deleteCall.isLoading}
        >
          {deleteCall.isLoading ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </article>
  );
}
