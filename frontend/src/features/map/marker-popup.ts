import { displayTitle, type VisitorEvent } from '../../lib/format/event.ts';
import { sellersSummary } from '../../lib/offers/offers.ts';

/**
 * Spec 01 "Map" popup: name, 'Distance: N km' when distance_km is present, city and country, and a
 * 'View details' button opening the event page in a new tab. Built with DOM nodes so names are never HTML.
 * An event several sellers list says so ('2 sellers'), from the pin's `offer_count`.
 */
export function buildMarkerPopup(event: VisitorEvent): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-popup';

  const title = document.createElement('strong');
  title.className = 'map-popup__title';
  title.textContent = displayTitle(event);
  root.appendChild(title);

  if (typeof event.distance_km === 'number' && Number.isFinite(event.distance_km)) {
    const distance = document.createElement('p');
    distance.textContent = `Distance: ${event.distance_km} km`;
    root.appendChild(distance);
  }

  const place = [event.city, event.country].filter((part) => part?.trim()).join(', ');
  if (place) {
    const line = document.createElement('p');
    line.textContent = place;
    root.appendChild(line);
  }

  const sellers = sellersSummary(event);
  if (sellers) {
    const line = document.createElement('p');
    line.className = 'map-popup__sellers';
    line.textContent = sellers;
    root.appendChild(line);
  }

  const details = document.createElement('button');
  details.type = 'button';
  details.className = 'btn btn-small btn-primary';
  details.textContent = 'View details';
  details.addEventListener('click', () => {
    window.open(`/event/${encodeURIComponent(String(event.id))}`, '_blank', 'noopener');
  });
  root.appendChild(details);
  return root;
}

/** The popup of a focused event that is not among the loaded markers. */
export function buildSelectedPopup(title: string | null | undefined): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-popup';
  const heading = document.createElement('strong');
  heading.textContent = title?.trim() ? title : 'Selected event';
  root.appendChild(heading);
  return root;
}
