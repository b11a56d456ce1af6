import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { PriorityBadge, StatusBadge } from '../../components/support-ticket/ticket-badges.tsx';
import { adminPresence, presenceOn, usePresenceState } from '../../lib/admin/presence.ts';
import { useNow } from '../../lib/admin/use-now.ts';
import { categoryLabel, useSupportCategoriesQuery } from '../../lib/support/categories-api.ts';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import { serverText } from '../../lib/support/request-error.ts';
import { TICKET_PRIORITIES, type TicketPriority, type TicketStatus } from '@evently/support/contracts';
import { PRIORITY_LABELS } from '../../lib/support/ticket-labels.ts';
import {
  useAdminTicketQuery,
  useAssignTicketMutation,
  useCannedRepliesQuery,
  useDeleteTicketMutation,
  useLazyRenderedCannedReplyQuery,
  useReplyToTicketMutation,
  useSetTicketPriorityMutation,
  useSetTicketStatusMutation,
  type AdminTicket,
  type AdminTicketSummary,
} from './api.ts';
import { ASSIGN_FAILED, DELETE_FAILED, NOTE_FAILED, PRIORITY_FAILED, REPLY_FAILED, STATUS_FAILED } from './messages.ts';
import { PresenceLine } from './presence-line.tsx';
import { ReplyForm, type ComposerHandle, type ComposerMode } from './reply-form.tsx';
import { ageText, firstResponseState } from './sla-text.ts';
import { Timeline } from './timeline.tsx';

export interface TicketDetailHandle {
  compose(mode: ComposerMode): void;
  resolve(): void;
}

interface Props {
  summary: AdminTicketSummary;
  /** A built-in sample (list failure): shown, never acted on. */
  sample?: AdminTicket;
  headingId: string;
  /** The signed-in agent's name, or null (then the server signs as the team). */
  agentName: string | null;
  onDeleted(): void;
  handle?: Ref<TicketDetailHandle>;
}

type SettableStatus = Exclude<TicketStatus, 'new'>;

/** Spec 02 "Tickets tab" action buttons, in the spec's order and wording. */
const STATUS_ACTIONS: readonly { status: SettableStatus; label: string }[] = [
  { status: 'in_progress', label: 'In Progress' },
  { status: 'waiting_for_user', label: 'Wait for User' },
  { status: 'resolved', label: 'Resolve' },
  { status: 'closed', label: 'Close' },
];

/** The right panel: who asked what, the conversation, the status actions, delete and the reply box. */
export function TicketDetail({ summary, sample, headingId, agentName, onDeleted, handle }: Props) {
  const detail = useAdminTicketQuery(sample ? skipToken : summary.ticket_number);
  const [setStatus, statusCall] = useSetTicketStatusMutation();
  const [reply] = useReplyToTicketMutation();
  const [assign, assignCall] = useAssignTicketMutation();
  const [setPriority, priorityCall] = useSetTicketPriorityMutation();
  const [remove, deleteCall] = useDeleteTicketMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const [statusNote, setStatusNote] = useState('');
  const categories = useSupportCategoriesQuery();
  const canned = useCannedRepliesQuery(sample ? skipToken : undefined);
  const [renderCanned] = useLazyRenderedCannedReplyQuery();
  const presence = usePresenceState();
  const now = useNow();
  const composer = useRef<ComposerHandle>(null);
  const number = summary.ticket_number;

  // The others see this agent on the ticket while it is open here.
  useEffect(() => {
    if (sample) return undefined;
    adminPresence.view(number);
    return () => adminPresence.view(null);
  }, [number, sample]);

  // The list's copy is live at once; the detail adds the conversation when it has loaded.
  const loaded = sample ?? detail.currentData;
  const ticket: AdminTicketSummary = loaded && loaded.version >= summary.version ? loaded : summary;
  const messages = loaded?.messages;
  const busy = statusCall.isLoading || deleteCall.isLoading || assignCall.isLoading || priorityCall.isLoading;
  const locked = Boolean(sample);

  const changeStatus = async (status: SettableStatus) => {
    setAlert(null);
    try {
      const note = statusNote.trim();
      await setStatus({ number: ticket.ticket_number, status, ...(note ? { message: note } : {}) }).unwrap();
      setStatusNote('');
    } catch {
      setAlert(STATUS_FAILED);
    }
  };

  const sendReply = async (message: string, mode: ComposerMode) => {
    setAlert(null);
    try {
      await reply({ number: ticket.ticket_number, message, internal: mode === 'note', senderName: agentName }).unwrap();
      return true;
    } catch {
      setAlert(mode === 'note' ? NOTE_FAILED : REPLY_FAILED);
      return false;
    }
  };

  const changeAssignee = async (assignee: 'me' | null) => {
    setAlert(null);
    try {
      await assign({ number: ticket.ticket_number, assignee }).unwrap();
    } catch (failure) {
      setAlert(serverText(failure) ?? ASSIGN_FAILED);
    }
  };

  const changePriority = async (priority: TicketPriority) => {
    setAlert(null);
    try {
      await setPriority({ number: ticket.ticket_number, priority }).unwrap();
    } catch (failure) {
      setAlert(serverText(failure) ?? PRIORITY_FAILED);
    }
  };

  useImperativeHandle(handle, () => ({
    compose: (mode) => composer.current?.focus(mode),
    resolve: () => {
      if (!locked && !busy && ticket.status !== 'resolved') void changeStatus('resolved');
    },
  }));

  const others = presenceOn(presence, number, now);
  const due = firstResponseState(ticket, now);
  const mine = Boolean(agentName) && ticket.assignee === agentName;

  const deleteTicket = async () => {
    if (!window.confirm(`Delete ticket ${ticket.ticket_number}? This cannot be undone.`)) return;
    setAlert(null);
    try {
      await remove({ id: ticket.id, number: ticket.ticket_number }).unwrap();
      onDeleted();
    } catch {
      setAlert(DELETE_FAILED);
    }
  };

  return (
    <article className="ticket-detail" aria-labelledby={headingId}>
      <header className="ticket-detail__header">
        <p className="ticket-detail__number">
          {ticket.ticket_number}
          {sample && <span className="sample-badge">Sample</span>}
        </p>
        <h2 id={headingId} className="ticket-detail__subject" tabIndex={-1}>
          {ticket.subject}
        </h2>
        <p className="ticket-detail__badges">
          <span className="visually-hidden">Status: </span>
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {due && <span className={`sla-chip sla-chip--${due.tone}`}>{due.text}</span>}
          <span className="ticket-detail__age">{ageText(ticket.created_at, now)}</span>
        </p>
        <div className="ticket-detail__assignment">
          <span>
            {ticket.assignee ? (
              <>
                Assigned to <strong>{mine ? `${ticket.assignee} (you)` : ticket.assignee}</strong>
              </>
            ) : (
              'Unassigned'
            )}
          </span>
          {!locked && !mine && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy || !agentName}
              title={agentName ? undefined : 'Log in with your name to assign tickets to yourself'}
              onClick={() => void changeAssignee('me')}
            >
              Assign to me
            </button>
          )}
          {!locked && ticket.assignee && (
            <button
              type="button"
              className="btn btn-small btn-link"
              disabled={busy}
              onClick={() => void changeAssignee(null)}
            >
              Unassign
            </button>
          )}
          {!locked && (
            <label className="ticket-detail__priority">
              Priority
              <select
                value={ticket.priority}
                disabled={busy}
                onChange={(event) => void changePriority(event.target.value as TicketPriority)}
              >
                {TICKET_PRIORITIES.map((value) => (
                  <option key={value} value={value}>
                    {PRIORITY_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <PresenceLine presence={others} />
      </header>

      {alert && (
        <p className="alert alert--error" role="alert">
          {alert}
        </p>
      )}

      <dl className="ticket-detail__facts">
        <div>
          <dt>User</dt>
          <dd>{ticket.user_name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${ticket.user_email}`}>{ticket.user_email}</a>
          </dd>
        </div>
        {ticket.user_phone && (
          <div>
            <dt>Phone</dt>
            <dd>{ticket.user_phone}</dd>
          </div>
        )}
        <div>
          <dt>Created</dt>
          <dd>{formatTicketTime(ticket.created_at)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{formatTicketTime(ticket.updated_at)}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{categoryLabel(categories.data, ticket.category)}</dd>
        </div>
        {ticket.page_url && (
          <div className="ticket-detail__wide">
            <dt>Page</dt>
            <dd>{ticket.page_url}</dd>
          </div>
        )}
      </dl>

      <section className="ticket-detail__message" aria-labelledby={`${headingId}-message`}>
        <h3 id={`${headingId}-message`}>Message</h3>
        <p>{ticket.description}</p>
      </section>

      {messages ? (
        <Timeline messages={messages} activity={loaded?.activity} />
      ) : detail.isError ? (
        <p className="alert alert--error" role="alert">
          The conversation could not be loaded.
        </p>
      ) : (
        <p role="status">Loading conversation...</p>
      )}

      <div className="ticket-detail__status-note">
        <label htmlFor={`${headingId}-status-note`}>Note with the status change (optional)</label>
        <input
          id={`${headingId}-status-note`}
          type="text"
          maxLength={5000}
          placeholder="e.g. The seller has re-sent your tickets."
          value={statusNote}
          disabled={locked}
          onChange={(event) => setStatusNote(event.target.value)}
        />
      </div>
      <div className="ticket-detail__actions" role="group" aria-label="Ticket actions">
        {STATUS_ACTIONS.map((action) => (
          <button
            key={action.status}
            type="button"
            className="btn btn-small"
            aria-pressed={ticket.status === action.status}
            disabled={locked || busy || ticket.status === action.status}
            onClick={() => void changeStatus(action.status)}
          >
            {action.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-small btn-danger"
          disabled={locked || busy}
          onClick={() => void deleteTicket()}
        >
          {deleteCall.isLoading ? 'Deleting...' : 'Delete Ticket'}
        </button>
      </div>

      <ReplyForm
        handle={composer}
        disabled={locked}
        onSend={sendReply}
        cannedReplies={canned.currentData ?? []}
        values={{ name: ticket.user_name, ticket_number: ticket.ticket_number }}
        render={(reply) => renderCanned({ number, id: reply.id }).unwrap()}
        onTyping={() => adminPresence.typed()}
        onStopTyping={() => adminPresence.stopTyping()}
      />
    </article>
  );
}
