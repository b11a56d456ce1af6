/**
 * 'Compare offers' in the Get Tickets card: every seller of this event, cheapest first, each with
 * its price and its own Buy button running the spec's buy flow for its source (tracking link, fallbacks, click
 * and conversion records). Shown only when more than one seller lists the event.
 */
import { useBuyTickets } from '../../lib/buy-flow/buy-flow-context.tsx';
import type { VisitorEvent } from '../../lib/format/event.ts';
import { eventForOffer, offerPrice, offersOf } from '../../lib/offers/offers.ts';
import { PriceText } from '../../components/price-text/price-text.tsx';
import './compare-offers.css';

export function CompareOffers({ event }: { event: VisitorEvent }) {
  const buy = useBuyTickets();
  const offers = offersOf(event);
  if (offers.length < 2) return null;
  return (
    <section className="compare-offers" aria-labelledby="compare-offers-heading">
      <h3 id="compare-offers-heading">Compare offers</h3>
      <ol className="compare-offers__list">
        {offers.map((offer, index) => (
          <li key={`${offer.source}:${offer.id}`} className="compare-offers__item">
            <span className="compare-offers__seller">{offer.seller}</span>
            <span className="compare-offers__price">
              <PriceText fields={offerPrice(offer)} />
              {index === 0 && <span className="compare-offers__badge"> Cheapest</span>}
            </span>
            <button
              type="button"
              className="btn compare-offers__buy"
              aria-label={`Buy from ${offer.seller}`}
              onClick={() => void buy(eventForOffer(event, offer))}
            >
              Buy
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
