import { LiveIndicator } from '../../components/live-status/live-indicator.tsx';
import { StatusBadge } from '../../components/support-ticket/ticket-badges.tsx';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import { hasConversation, priorityLabel, type PublicTicket } from '../../lib/support/ticket-types.ts';
import { categoryLabel, useSupportCategoriesQuery } from '../../lib/support/categories-api.ts';
import { ticketChannel } from './api.ts';
import { Conversation } from '../../components/support-ticket/conversation.tsx';
import { FollowUpForm } from './follow-up-form.tsx';

interface Props {
  ticket: PublicTicket;
  token: string | undefined;
}

/** The found ticket: its state for anyone with the number, the conversation only for the token holder. */
export function TicketResult({ ticket, token }: Props) {
  const categories = useSupportCategoriesQuery();
  const category = categoryLabel(categories.data, ticket.category);
  const detailed = hasConversation(ticket);

  return (
    <article className="ticket-result" aria-labelledby="ticket-result-subject">
      <header className="ticket-result__header">
        <div>
          <p className="ticket-result__number">{ticket.ticket_number}</p>
          <h3 id="ticket-result-subject" className="ticket-result__subject">
            {ticket.subject}
          </h3>
        </div>
        <div className="ticket-result__state">
          <span className="visually-hidden">Status: </span>
          <StatusBadge status={ticket.status} />
          {token && <LiveIndicator channel={ticketChannel(ticket.ticket_number)} />}
        </div>
      </header>
      <dl className="ticket-result__facts">
        <div>
          <dt>Category</dt>
          <dd>{category}</dd>
        </div>
        <div>
          <dt>Priority</dt>
          <dd>{priorityLabel(ticket.priority)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatTicketTime(ticket.created_at)}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>{formatTicketTime(ticket.updated_at)}</dd>
        </div>
        <div>
          <dt>Messages</dt>
          <dd>{ticket.messages_count}</dd>
        </div>
      </dl>
      {ticket.resolution && (
        <section className="ticket-result__resolution" aria-label="Resolution">
          <h4>Resolution</h4>
          <p>{ticket.resolution}</p>
        </section>
      )}
      {detailed && token ? (
        <>
          <section className="ticket-result__description" aria-label="Your message">
            <h4>Your message</h4>
            <p>{ticket.description}</p>
          </section>
          <Conversation messages={ticket.messages} emptyText="No replies yet. We usually answer within 24 hours." />
          {ticket.status === 'closed' ? (
            <p className="support-panel__lead">This ticket is closed. To follow up, please open a new ticket.</p>
          ) : (
            <FollowUpForm number={ticket.ticket_number} token={token} />
          )}
        </>
      ) : (
        <p className="ticket-result__locked">
          The conversation is shown only on the device that created the ticket, or through the link in your confirmation e-mail.
        </p>
      )}
    </article>
  );
}
