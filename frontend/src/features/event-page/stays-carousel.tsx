import { useEffect, useState, type CSSProperties } from 'react';
import { EventImage } from '../../components/event-image/event-image.tsx';
import { formatDistance } from '../../lib/format/distance.ts';
import type { Accommodation } from './api.ts';
import { useVisibleStays } from './use-visible-stays.ts';

/** Spec 01 §9: the carousel moves on every 5000 ms, but only when there are more stays than fit. */
export const STAYS_ROTATION_MS = 5000;

/** The stays shown from `start`, wrapping around the end of the list. */
export function visibleWindow<T>(items: readonly T[], start: number, count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, offset) => items[(start + offset) % items.length] as T);
}

export function StaysCarousel({ items }: { items: readonly Accommodation[] }) {
  const visible = useVisibleStays();
  const [start, setStart] = useState(0);
  // Pointer or keyboard focus inside the carousel holds it still, so nobody loses what they are reading.
  const [held, setHeld] = useState(false);
  const rotates = items.length > visible;

  useEffect(() => {
    if (!rotates || held) return undefined;
    const timer = setInterval(() => setStart((current) => (current + 1) % items.length), STAYS_ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotates, held, items.length]);

  const step = (by: number) => setStart((current) => (current + by + items.length) % items.length);

  return (
    <div
      className="stays"
      role="group"
      aria-roledescription="carousel"
      aria-label="Nearby stays"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(blur) => {
        if (!blur.currentTarget.contains(blur.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <ul className="stays__list" style={{ '--stays-visible': visible } as CSSProperties}>
        {visibleWindow(items, start, visible).map((stay) => (
          <li key={stay.id} className="stays__item">
            <StayCard stay={stay} />
          </li>
        ))}
      </ul>
      {rotates && (
        <div className="stays__controls">
          <button type="button" className="btn btn-small" onClick={() => step(-1)} aria-label="Previous stays">
            ‹ Previous
          </button>
          <button type="button" className="btn btn-small" onClick={() => step(1)} aria-label="Next stays">
            Next ›
          </button>
        </div>
      )}
    </div>
  );
}

function StayCard({ stay }: { stay: Accommodation }) {
  const link = stay.affiliate_url?.trim() || stay.url?.trim();
  const distance = typeof stay.distance === 'number' && Number.isFinite(stay.distance) ? stay.distance : undefined;
  return (
    <article className="stay-card">
      <EventImage src={stay.image_url} name={stay.name} />
      <div className="stay-card__body">
        <h3 className="stay-card__name">
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer sponsored">
              {stay.name}
            </a>
          ) : (
            stay.name
          )}
        </h3>
        {stay.price_text?.trim() && <p className="stay-card__price">{stay.price_text}</p>}
        <p className="stay-card__meta">
          {typeof stay.rating === 'number' && <span>Rating {stay.rating}</span>}
          {distance !== undefined && <span>{formatDistance(distance)} away</span>}
        </p>
      </div>
    </article>
  );
}
