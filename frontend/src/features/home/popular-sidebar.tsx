import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { EventImage } from '../../components/event-image/event-image.tsx';
import { PriceText } from '../../components/price-text/price-text.tsx';
import { formatEventDate } from '../../lib/format/date.ts';
import { ZonedText } from '../../components/zoned-text/zoned-text.tsx';
import { displayTitle, eventStart, eventTimeZone, type VisitorEvent } from '../../lib/format/event.ts';
import { homeApi } from './api.ts';
import { currentPopular, POPULAR_RECHECK_MS } from './popular-expiry.ts';

function buyLink(event: VisitorEvent): string | undefined {
  return [event.affiliate_url, event.purchase_url, event.original_url].find((url) => url?.trim()) ?? undefined;
}

/**
 * The 'Popular Events' sidebar: ranked items with image, name, date, category, the price (written as a card
 * writes it) and an external buy link. As a 'strip' it is the same list in one sideways-scrolling row, which
 * the page puts above the results where the sidebar would fall below a page of cards (phones and narrow
 * windows; CSS shows one of the two).
 */
export function PopularSidebar({ variant = 'sidebar' }: { variant?: 'sidebar' | 'strip' }) {
  const titleId = useId();
  const { data, error } = homeApi.useGetPopularEventsQuery();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), POPULAR_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    // Spec 01 §8: a popular-events failure is logged only.
    if (error) console.error('Popular events failed to load', error);
  }, [error]);

  const events = currentPopular(data ?? [], now);

  return (
    <aside
      className={variant === 'strip' ? 'popular popular--strip' : 'popular popular--sidebar'}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>Popular Events</h2>
      {/* Not asked yet (the server's first paint) or on its way: say so, rather than that there are none. */}
      {data === undefined && !error ? (
        <p className="popular__empty popular__empty--loading" role="status">
          Loading popular events...
        </p>
      ) : events.length === 0 ? (
        <p className="popular__empty">No popular events right now.</p>
      ) : (
        <ol className="popular__list">
          {events.map((event, index) => {
            const title = displayTitle(event);
            const href = buyLink(event);
            return (
              <li key={String(event.id)} className="popular__item">
                <span className="popular__rank" aria-hidden="true">
                  {index + 1}
                </span>
                <EventImage
                  src={event.image_url}
                  name={title}
                  category={event.category}
                  className="popular__image"
                  sizes="64px"
                />
                <div className="popular__text">
                  <Link to={`/event/${encodeURIComponent(String(event.id))}`} className="popular__name">
                    {title}
                  </Link>
                  {/* The venue's calendar day, as on the event's card and page: the visitor's zone can name another day. */}
                  <ZonedText className="popular__meta">
                    {formatEventDate(eventStart(event), { context: 'detail', timeZone: eventTimeZone(event) })}
                  </ZonedText>
                  {event.category && <span className="popular__meta">{event.category}</span>}
                  {/* The price as its card shows it, sharing a line with the buy link so an item keeps its height. */}
                  <p className="popular__purchase">
                    <span className="popular__price">
                      <PriceText fields={event} />
                    </span>
                    {href && (
                      <a href={href} target="_blank" rel="noopener noreferrer sponsored" className="popular__buy">
                        Buy tickets<span className="visually-hidden"> for {title} (opens in a new tab)</span>
                      </a>
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}
