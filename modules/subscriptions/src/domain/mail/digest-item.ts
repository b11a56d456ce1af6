/**
 * One event as the digest shows it, cleaned once: every feed string through `feedText`, every feed URL through
 * `safeHttpUrl`, the time on the venue's clock. The HTML and the plain-text parts both read from this, so they
 * can never disagree about what an event is called or when it starts.
 */
import type { DigestEvent } from '../digest-event.ts';
import { feedText, safeHttpUrl } from './escape.ts';
import { artworkCategory, artworkUrl, eventPageUrl } from './links.ts';
import { venueTime, type VenueTime } from './venue-time.ts';

export interface DigestItem {
  name: string;
  url: string;
  when: VenueTime | null;
  /** "Blue Hall, Austin" (venue and city; the country is the subscriber's own, so it is left out). */
  place: string;
  price: string;
  category: string;
  /** The event's own image when the feed gave a usable URL, else null. */
  imageUrl: string | null;
  /** Our category artwork: the image itself when there is none, the backdrop when the event's fails to load. */
  artworkUrl: string;
}

export function digestItem(publicUrl: string, event: DigestEvent): DigestItem {
  const name = feedText(event.unique_title) || feedText(event.name) || 'Untitled event';
  const place = [feedText(event.venue_name, 80), feedText(event.city, 60)]
    .filter((part, index, all) => part && all.indexOf(part) === index)
    .join(', ');
  return {
    name,
    url: eventPageUrl(publicUrl, event),
    when: venueTime(event.date, event.timezone),
    place,
    price: feedText(event.price_text, 60),
    category: artworkCategory(event.category),
    imageUrl: safeHttpUrl(event.image_url),
    artworkUrl: artworkUrl(publicUrl, event.category),
  };
}
