import { memo, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { categoryColor } from '../../lib/categories.ts';
import { useBuyTickets } from '../../lib/buy-flow/buy-flow-context.tsx';
import { dateBlock, formatEventDateTime } from '../../lib/format/date.ts';
import { ZonedText } from '../zoned-text/zoned-text.tsx';
import { formatDistance, formatExactDistance } from '../../lib/format/distance.ts';
import {
  displayDescription,
  displayTitle,
  eventCoordinates,
  eventStart,
  eventTimeZone,
  showOnMapHref,
  type VisitorEvent,
} from '../../lib/format/event.ts';
import type { CardEvent } from '@evently/events/contracts';
import { PriceText } from '../price-text/price-text.tsx';
import { sellersSummary } from '../../lib/offers/offers.ts';
import { EventImage } from '../event-image/event-image.tsx';
import { Icon } from '../icon/icon.tsx';
import { ShareButton } from '../share/share-button.tsx';
import { isPlainLeftClick } from './plain-click.ts';
import './event-card.css';

/** Events closer than this get the highlight ring (spec 01 §9). */
export const NEARBY_HIGHLIGHT_KM = 3;

export interface EventCardProps {
  /** A list answer's card item is enough (whole events, e.g. similar events, are cards too). */
  event: CardEvent;
  /** Intercepts a plain left click (e.g. the home page focusing the event on the map); modified clicks stay links. */
  onDetails?: (event: CardEvent) => void;
  /** 'Show on map' handler; without one the button is a link to the home map focused on the event. */
  onShowOnMap?: (event: CardEvent) => void;
  /** Extra lines under the description, e.g. why a similar event was suggested. */
  reasons?: readonly string[];
  headingLevel?: 2 | 3 | 4;
  /** 'eager' for cards in the first row, whose image is the page's largest paint; others load near the screen. */
  imageLoading?: 'lazy' | 'eager';
}

export function eventPath(event: Pick<VisitorEvent, 'id'>): string {
  return `/event/${encodeURIComponent(String(event.id))}`;
}

/**
 * Memoised: the home page re-renders on every hover, filter-option answer and popular list, and 100 cards
 * re-rendered each time (five venue-zone date formats apiece) made the longest tasks after a page had loaded.
 */
export const EventCard = memo(function EventCard({
  event,
  onDetails,
  onShowOnMap,
  reasons,
  headingLevel = 3,
  imageLoading,
}: EventCardProps) {
  const buy = useBuyTickets();
  const title = displayTitle(event);
  const description = displayDescription(event);
  const start = eventStart(event);
  // Times read on the venue's clock, with its offset shown; date presets stay in the visitor's zone.
  const timeZone = eventTimeZone(event);
  const tile = dateBlock(start, { timeZone });
  const coordinates = eventCoordinates(event);
  const distance =
    typeof event.distance_km === 'number' && Number.isFinite(event.distance_km) ? event.distance_km : undefined;
  const isNearby = distance !== undefined && distance < NEARBY_HIGHLIGHT_KM;
  const place = [event.venue_name, event.city].filter((part) => part?.trim()).join(', ');
  const Heading = `h${headingLevel}` as const;
  const shareUrl =
    typeof window === 'undefined' ? eventPath(event) : new URL(eventPath(event), window.location.origin).toString();

  function openDetails(click: MouseEvent<HTMLAnchorElement>) {
    if (!onDetails || !isPlainLeftClick(click)) return;
    click.preventDefault();
    onDetails(event);
  }

  return (
    <article className={`event-card${isNearby ? ' event-card--nearby' : ''}`} data-event-id={event.id}>
      <div className="event-card__media">
        <EventImage src={event.image_url} name={title} category={event.category} loading={imageLoading} />
        {event.category && (
          <span className="event-card__badge" style={{ backgroundColor: categoryColor(event.category) }}>
            {event.category}
          </span>
        )}
        {distance !== undefined && (
          <span className="event-card__distance" title={formatExactDistance(distance)}>
            {formatDistance(distance)}
          </span>
        )}
        {tile && (
          <span className="event-card__tile" aria-hidden="true">
            <ZonedText className="event-card__tile-month">{tile.month}</ZonedText>
            <ZonedText className="event-card__tile-day">{tile.day}</ZonedText>
          </span>
        )}
      </div>
      <div className="event-card__body">
        <p className="event-card__date">
          <ZonedText>{formatEventDateTime(start, { context: 'card', timeZone, showZone: true })}</ZonedText>
        </p>
        <Heading className="event-card__title">
          <Link className="event-card__link" to={eventPath(event)} onClick={openDetails}>
            {title}
          </Link>
        </Heading>
        {place && (
          <p className="event-card__place">
            <Icon name="pin" />
            <span>{place}</span>
          </p>
        )}
        {description && <p className="event-card__description">{description}</p>}
        {reasons && reasons.length > 0 && <p className="event-card__reasons">{reasons.join(' · ')}</p>}
        {/* Price and the main action share a line; share and map are quieter, under them. */}
        <div className="event-card__purchase">
          <div className="event-card__pricing">
            <p className="event-card__price">
              <PriceText fields={event} />
            </p>
            {event.price_note?.trim() && <p className="event-card__price-note">{event.price_note}</p>}
            {sellersSummary(event) && <p className="event-card__sellers">{sellersSummary(event)}</p>}
          </div>
          <button type="button" className="event-card__buy" onClick={() => void buy(event)}>
            Buy Tickets
          </button>
        </div>
        <div className="event-card__actions">
          <ShareButton content={{ url: shareUrl, title }} className="event-card__share" />
          {coordinates &&
            (onShowOnMap ? (
              <button type="button" className="event-card__secondary" onClick={() => onShowOnMap(event)}>
                <Icon name="map" />
                Show on map
              </button>
            ) : (
              <Link className="event-card__secondary" to={showOnMapHref(event.id, coordinates)}>
                <Icon name="map" />
                Show on map
              </Link>
            ))}
        </div>
      </div>
    </article>
  );
});
