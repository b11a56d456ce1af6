import { formatTicketTime } from '../../lib/support/format-time.ts';
import type { TicketMessageView } from '@evently/support/contracts';
import './conversation.css';

interface Props {
  /** The visitor's view or the team's; this shows neither note markers nor anything beyond the words. */
  messages: Array<Omit<TicketMessageView, 'is_internal'>>;
  /** What an empty conversation says to this reader. */
  emptyText: string;
  /** Heading level that fits where the conversation sits. */
  headingLevel?: 3 | 4;
}

/** The replies on a ticket, oldest first; the team's replies are set apart from the visitor's. */
export function Conversation({ messages, emptyText, headingLevel = 4 }: Props) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="conversation" aria-label="Conversation">
      <Heading className="conversation__title">Conversation</Heading>
      {messages.length === 0 ? (
        <p className="conversation__empty">{emptyText}</p>
      ) : (
        <ol className="conversation__list">
          {messages.map((message, index) => (
            <li
              key={`${message.created_at}-${index}`}
              className={`conversation__message${message.is_admin ? ' conversation__message--team' : ''}`}
            >
              <p className="conversation__meta">
                <strong>{message.sender_name}</strong>
                {message.is_admin && <span className="conversation__role">Support team</span>}
                <time dateTime={message.created_at}>{formatTicketTime(message.created_at)}</time>
              </p>
              <p className="conversation__text">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
