import '../../components/support-ticket/conversation.css';
import type { ActivityView as ActivityEntry } from '@evently/support/contracts';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import type { WorkspaceMessage } from './api.ts';
import { timelineItems } from './timeline-items.ts';

interface Props {
  messages: readonly WorkspaceMessage[];
  activity: readonly ActivityEntry[] | undefined;
}

/**
 * The ticket's one timeline for the team, oldest first: the visitor's messages, the team's replies, internal
 * notes (set apart, never seen by the visitor) and the events between them, each with who and when. Until the
 * team has replied to the visitor, a last line says so, where the first reply will appear: after the ticket's
 * opening and its mails, and after any internal note or follow-up, none of which answers the visitor.
 */
export function Timeline({ messages, activity }: Props) {
  const items = timelineItems(messages, activity);
  const replied = messages.some((message) => message.is_admin && !message.is_internal);
  return (
    <section className="conversation timeline" aria-label="Timeline">
      <h3 className="conversation__title">Timeline</h3>
      {items.length > 0 && (
        <ol className="conversation__list">
          {items.map((item) =>
            item.kind === 'event' ? (
              <li key={item.key} className={`timeline__event timeline__event--${item.tone}`}>
                <span className="timeline__event-text">{item.text}</span>
                <time dateTime={item.at}>{formatTicketTime(item.at)}</time>
              </li>
            ) : (
              <li
                key={item.key}
                className={`conversation__message${item.message.is_internal ? ' timeline__note' : item.message.is_admin ? ' conversation__message--team' : ''}`}
              >
                <p className="conversation__meta">
                  <strong>{item.message.sender_name}</strong>
                  {item.message.is_internal ? (
                    <span className="timeline__note-label">Internal note</span>
                  ) : (
                    item.message.is_admin && <span className="conversation__role">Reply</span>
                  )}
                  <time dateTime={item.message.created_at}>{formatTicketTime(item.message.created_at)}</time>
                </p>
                <p className="conversation__text">{item.message.message}</p>
              </li>
            ),
          )}
        </ol>
      )}
      {!replied && <p className="conversation__empty">No replies yet.</p>}
    </section>
  );
}
