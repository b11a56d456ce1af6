import { EventImage } from '../../components/event-image/event-image.tsx';
import { HERO_IMAGE_SIZES } from '../../components/event-image/responsive-sources.ts';
import { categoryColor } from '../../lib/categories.ts';
import { formatEventDate, formatEventDateTime, formatEventTime } from '../../lib/format/date.ts';
import { ZonedText } from '../../components/zoned-text/zoned-text.tsx';
import { Icon } from '../../components/icon/icon.tsx';
import {
  displayDescription,
  displayTitle,
  eventStart,
  eventTags,
  eventTimeZone,
  type VisitorEvent,
} from '../../lib/format/event.ts';
import { PriceText } from '../../components/price-text/price-text.tsx';
import { EventRating } from './event-rating.tsx';

/** The hero is wide and short (at most about 360 px tall): its generated artwork is drawn in that shape. */
const HERO_ARTWORK_SIZE = { width: 1200, height: 480 } as const;

const present = (text: string | null | undefined): text is string => Boolean(text?.trim());

export function formatViews(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
}

/** The event's own sections, in the spec's order (spec 01 §2 "Event detail"). */
export function EventDetails({ event }: { event: VisitorEvent }) {
  const title = displayTitle(event);
  const description = displayDescription(event);
  const tags = eventTags(event);
  const highlights = (event.highlights ?? []).filter(present);
  const faq = (event.faq ?? []).filter((entry) => present(entry.question) && present(entry.answer));
  const nearby = (event.nearby ?? []).filter(present);
  const start = eventStart(event);
  const venue = [event.venue_name, event.city, event.country].filter(present).join(', ');
  // The venue's clock, with its offset named.
  const timeZone = eventTimeZone(event);

  return (
    <div className="event-details">
      <EventImage
        src={event.image_url}
        name={title}
        category={event.category}
        sizes={HERO_IMAGE_SIZES}
        loading="eager"
        className="event-details__image"
        artworkSize={HERO_ARTWORK_SIZE}
      />
      <div className="event-details__meta">
        {event.category && (
          <span className="event-details__badge" style={{ backgroundColor: categoryColor(event.category) }}>
            {event.category}
          </span>
        )}
        {typeof event.view_count === 'number' && event.view_count > 0 && (
          <span className="event-details__views">{formatViews(event.view_count)}</span>
        )}
      </div>
      <h1 className="event-details__title">{title}</h1>
      <EventRating event={event} />
      <ul className="event-details__when-where">
        <li>
          <Icon name="calendar" />
          <ZonedText>{formatEventDateTime(start, { context: 'detail', timeZone, showZone: true })}</ZonedText>
        </li>
        {venue && (
          <li>
            <Icon name="pin" />
            <span>{venue}</span>
          </li>
        )}
      </ul>
      {tags.length > 0 && (
        <p className="event-details__tags">
          <span className="visually-hidden">Tags: </span>
          {tags.join(', ')}
        </p>
      )}

      <section className="event-section" aria-labelledby="about-heading">
        <h2 id="about-heading">About This Event</h2>
        <p className="event-details__description">{description || 'No description available.'}</p>
      </section>

      {highlights.length > 0 && (
        <section className="event-section" aria-labelledby="highlights-heading">
          <h2 id="highlights-heading">Highlights</h2>
          <ul>
            {highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </section>
      )}

      {faq.length > 0 && (
        <section className="event-section" aria-labelledby="faq-heading">
          <h2 id="faq-heading">FAQ</h2>
          {faq.map((entry) => (
            <details key={entry.question} className="event-details__faq">
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </section>
      )}

      {nearby.length > 0 && (
        <section className="event-section" aria-labelledby="nearby-heading">
          <h2 id="nearby-heading">Nearby &amp; Logistics</h2>
          <ul>
            {nearby.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="event-section" aria-labelledby="details-heading">
        <h2 id="details-heading">Event Details</h2>
        <dl className="event-details__facts">
          <dt>Date</dt>
          <dd>
            <ZonedText>{formatEventDate(start, { context: 'detail', timeZone })}</ZonedText>
          </dd>
          <dt>Time</dt>
          <dd>
            <ZonedText>{formatEventTime(start, { context: 'detail', timeZone, showZone: true })}</ZonedText>
          </dd>
          <dt>Venue</dt>
          <dd>{venue || 'TBA'}</dd>
          <dt>Price range</dt>
          <dd>
            <PriceText fields={event} />
          </dd>
          {present(event.organizer) && (
            <>
              <dt>Organizer</dt>
              <dd>{event.organizer}</dd>
            </>
          )}
          {present(event.event_type) && (
            <>
              <dt>Event type</dt>
              <dd>{event.event_type}</dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}
