import { formatTicketTime } from '../../lib/support/format-time.ts';
import { statusLabel } from './subscriber-rules.ts';
import type { AdminSubscriber } from './types.ts';

interface Props {
  subscribers: readonly AdminSubscriber[];
  selected: string | null;
  onSelect(subscriber: AdminSubscriber): void;
}

const dash = (value: string | null | undefined) => (value?.trim() ? value : '—');

export function SubscriberBadge({ subscriber }: { subscriber: AdminSubscriber }) {
  const status = statusLabel(subscriber);
  return <span className={`subscriber-badge subscriber-badge--${status.tone}`}>{status.text}</span>;
}

/** Spec 02 "Subscribers tab" list: email, name, city and country (a dash when missing), badge and times. */
export function SubscriberList({ subscribers, selected, onSelect }: Props) {
  return (
    <ul className="admin-rows subscriber-list" aria-label="Subscribers">
      {subscribers.map((subscriber) => {
        const current = subscriber.id === selected;
        return (
          <li key={subscriber.id}>
            <button
              type="button"
              className={`admin-row${current ? ' admin-row--current' : ''}`}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(subscriber)}
            >
              <span className="admin-row__top">
                <span className="admin-row__title">{subscriber.email}</span>
                <SubscriberBadge subscriber={subscriber} />
              </span>
              <span className="admin-row__meta">
                <span>{dash(subscriber.name)}</span>
                <span>
                  {dash(subscriber.city)}, {dash(subscriber.country)}
                </span>
              </span>
              {subscriber.has_filters && subscriber.search_description && (
                <span className="admin-row__meta subscriber-row__search">
                  Saved search: {subscriber.search_description}
                </span>
              )}
              <span className="admin-row__meta subscriber-row__times">
                <span>Created {formatTicketTime(subscriber.created_at)}</span>
                <span>Updated {formatTicketTime(subscriber.updated_at)}</span>
                <span>Last digest {formatTicketTime(subscriber.last_sent_at)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
