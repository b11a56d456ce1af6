import { Icon } from '../../components/icon/icon.tsx';
import { useBuyTickets } from '../../lib/buy-flow/buy-flow-context.tsx';
import { formatEventDateTime } from '../../lib/format/date.ts';
import { ZonedText } from '../../components/zoned-text/zoned-text.tsx';
import { eventStart, eventTimeZone, type VisitorEvent } from '../../lib/format/event.ts';
import { PriceText } from '../../components/price-text/price-text.tsx';
import { cheapestPurchase } from '../../lib/offers/offers.ts';
import { useMediaQuery } from '../../lib/dom/use-media-query.ts';

/** Below this width the Get Tickets card sits under the event's sections, far from the first screen. */
export const BUY_BAR_QUERY = '(max-width: 959px)';

/**
 * Phones and narrow windows: price and Buy Tickets stay at the bottom of the screen while the visitor reads.
 * Rendered only there, so wide screens have one Buy Tickets button (in the sticky Get Tickets card).
 */
export function StickyBuyBar({ event }: { event: VisitorEvent }) {
  const buy = useBuyTickets();
  const narrow = useMediaQuery(BUY_BAR_QUERY);
  if (!narrow) return null;
  return (
    <div className="buy-bar" role="region" aria-label="Buy tickets">
      <div className="buy-bar__text">
        <p className="buy-bar__price">
          <PriceText fields={event} />
        </p>
        <p className="buy-bar__date">
          <ZonedText>
            {formatEventDateTime(eventStart(event), {
              context: 'detail',
              timeZone: eventTimeZone(event),
              showZone: true,
            })}
          </ZonedText>
        </p>
      </div>
      <button type="button" className="btn btn-primary buy-bar__buy" onClick={() => void buy(cheapestPurchase(event))}>
        <Icon name="ticket" />
        Buy Tickets
      </button>
    </div>
  );
}
