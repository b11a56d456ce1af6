import { LiveIndicator } from '../../components/live-status/live-indicator.tsx';
import { StatusBadge } from '../../components/support-ticket/ticket-badges.tsx';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import type { PublicTicketDetail } from '@evently/support/contracts';
import { hasConversation, type PublicTicket } from '../../lib/support/public-ticket.ts';
import { priorityLabel } from '../../lib/support/ticket-labels.ts';
import { categoryLabel, useSupportCategoriesQuery } from '../../lib/support/categories-api.ts';
import { ticketChannel } from './api.ts';
import { Conversation } from '../../components/support-ticket/conversation.tsx';
import { FollowUpForm } from './follow-up-form.tsx';

interface Props {
  ticket: PublicTicket;
  token: string | undefined;
}

/**
 * The found ticket. A number alone shows where the ticket stands (status and dates); the subject, the
 * resolution and the conversation are for the holder of the private link.
 */
export function TicketResult({ ticket, token }: Props) {
  const detailed = hasConversation(ticket) && token ? ticket : null;

  return (
    <article className="ticket-result" aria-labelledby="ticket-result-subject">
      <header className="ticket-result__header">
        <div>
          {detailed && <p className="ticket-result__number">{ticket.ticket_number}</p>}
          <h3 id="ticket-result-subject" className="ticket-result__subject">
            {detailed ? detailed.subject : `Ticket ${ticket.ticket_number}`}
          </h3>
        </div>
        <div className="ticket-result__state">
          <span className="visually-hidden">Status: </span>
          <StatusBadge status={ticket.status} />
          <LiveIndicator channel={ticketChannel(ticket.ticket_number)} />
        </div>
      </header>
      {detailed ? (
        <TicketDetail ticket={detailed} token={token!} />
      ) : (
        <>
          <dl className="ticket-result__facts">
            <TicketDates ticket={ticket} />
          </dl>
          <p className="ticket-result__locked">
            The subject, our replies and the conversation are shown only on the device that created the ticket, or
            through the link in your confirmation e-mail.
          </p>
        </>
      )}
    </article>
  );
}

function TicketDates({ ticket }: { ticket: Pick<PublicTicket, 'created_at' | 'updated_at'> }) {
  return (
    <>
      <div>
        <dt>Created</dt>
        <dd>{formatTicketTime(ticket.created_at)}</dd>
      </div>
      <div>
        <dt>Last updated</dt>
        <dd>{formatTicketTime(ticket.updated_at)}</dd>
      </div>
    </>
  );
}

function TicketDetail({ ticket, token }: { ticket: PublicTicketDetail; token: string }) {
  const categories = useSupportCategoriesQuery();
  return (
    <>
      <dl className="ticket-result__facts">
        <div>
          <dt>Category</dt>
          <dd>{categoryLabel(categories.data, ticket.category)}</dd>
        </div>
        <div>
          <dt>Priority</dt>
          <dd>{priorityLabel(ticket.priority)}</dd>
        </div>
        <TicketDates ticket={ticket} />
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
  );
}
