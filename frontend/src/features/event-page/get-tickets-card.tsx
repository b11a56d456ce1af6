import { Link } from 'react-router-dom';
import { ShareButton } from '../../components/share/share-button.tsx';
import { useBuyTickets } from '../../lib/buy-flow/buy-flow-context.tsx';
import { Icon } from '../../components/icon/icon.tsx';
import { formatEventDateTime } from '../../lib/format/date.ts';
import { ZonedText } from '../../components/zoned-text/zoned-text.tsx';
import {
  displayTitle,
  eventCoordinates,
  eventStart,
  eventTimeZone,
  showOnMapHref,
  type VisitorEvent,
} from '../../lib/format/event.ts';
import { PriceText } from '../../components/price-text/price-text.tsx';
import { cheapestPurchase, sellersSummary } from '../../lib/offers/offers.ts';
import { CompareOffers } from './compare-offers.tsx';

/** The site's original page, shown only when it is not simply the purchase link again (spec 01 §2). */
export function originalSiteLink(
  event: Pick<VisitorEvent, 'original_url' | 'external_url' | 'purchase_url'>,
): string | undefined {
  const external = event.original_url?.trim() || event.external_url?.trim();
  if (!external) return undefined;
  return external === event.purchase_url?.trim() ? undefined : external;
}

export function GetTicketsCard({ event, pageUrl }: { event: VisitorEvent; pageUrl: string }) {
  const buy = useBuyTickets();
  const title = displayTitle(event);
  const coordinates = eventCoordinates(event);
  const original = originalSiteLink(event);

  return (
    <aside className="tickets-card" aria-labelledby="get-tickets-heading">
      <h2 id="get-tickets-heading">Get Tickets</h2>
      {/* With several sellers the API's price is the cheapest offer's, and Buy Tickets buys that offer. */}
      <p className="tickets-card__price">
        <PriceText fields={event} />
      </p>
      {sellersSummary(event) && <p className="tickets-card__note">{sellersSummary(event)}</p>}
      {event.price_note?.trim() && <p className="tickets-card__note">{event.price_note}</p>}
      <p className="tickets-card__when">
        <Icon name="calendar" />
        <ZonedText>
          {formatEventDateTime(eventStart(event), {
            context: 'detail',
            timeZone: eventTimeZone(event),
            showZone: true,
          })}
        </ZonedText>
      </p>
      <button
        type="button"
        className="btn btn-primary tickets-card__buy"
        onClick={() => void buy(cheapestPurchase(event))}
      >
        Buy Tickets
      </button>
      <p className="tickets-card__note">
        You will be redirected to the official ticketing site to complete your purchase.
      </p>
      <CompareOffers event={event} />
      <div className="tickets-card__links">
        {coordinates && (
          <Link className="btn tickets-card__secondary" to={showOnMapHref(event.id, coordinates)}>
            Show on map
          </Link>
        )}
        {original && (
          <a className="btn tickets-card__secondary" href={original} target="_blank" rel="noopener noreferrer">
            View on Original Site
          </a>
        )}
        {/* A plain download: the server answers an RFC 5545 file that every calendar app opens. */}
        <a
          className="btn tickets-card__secondary"
          href={`/api/events/${encodeURIComponent(String(event.id))}/calendar.ics`}
          download
        >
          Add to calendar
        </a>
        <Link
          className="btn tickets-card__secondary"
          to={`/reviews/write?eventId=${encodeURIComponent(String(event.id))}`}
        >
          Write Review
        </Link>
      </div>
      <ShareButton content={{ url: pageUrl, title }} showTargets className="tickets-card__share" />
    </aside>
  );
}
