/** Every URL the mails carry, built in one place from PUBLIC_URL so tests can pin them. */
import type { DigestEvent } from '../digest-event.ts';

export const siteRoot = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

export function eventPageUrl(publicUrl: string, event: Pick<DigestEvent, 'id' | 'slug'>): string {
  const slug = event.slug?.trim();
  return `${siteRoot(publicUrl)}/${slug ? `events/${encodeURIComponent(slug)}` : `event/${event.id}`}`;
}

/**
 * "See all events near Austin": the home page with the subscriber's country and city as filters, named as the
 * events query names them (spec 01 §3), so the site opens on the same place the digest was about.
 */
export function cityEventsUrl(publicUrl: string, place: { country: string; city: string }): string {
  const query = new URLSearchParams();
  if (place.country.trim()) query.set('country', place.country.trim());
  if (place.city.trim()) query.set('city', place.city.trim());
  const search = query.toString();
  return `${siteRoot(publicUrl)}/${search ? `?${search}` : ''}`;
}

/** File names of the per-category mail artwork in `frontend/public/static/mail/` (PNG: mail clients block SVG). */
export const ARTWORK_FILES = {
  'Music & Concerts': 'music-concerts',
  'Sports & Recreation': 'sports-recreation',
  'Arts & Culture': 'arts-culture',
  'Food & Drink': 'food-drink',
  'Business & Professional': 'business-professional',
  'Community & Social': 'community-social',
  'Education & Learning': 'education-learning',
  'Health & Wellness': 'health-wellness',
  Technology: 'technology',
  Entertainment: 'entertainment',
  'Gift Cards': 'gift-cards',
  Other: 'other',
} as const satisfies Record<string, string>;

export type ArtworkCategory = keyof typeof ARTWORK_FILES;

export function artworkCategory(category: string | null | undefined): ArtworkCategory {
  return category && Object.hasOwn(ARTWORK_FILES, category) ? (category as ArtworkCategory) : 'Other';
}

/** The category artwork, by absolute URL: mail is read far from our origin. New art gets new file names, since mail proxies cache by URL. */
export function artworkUrl(publicUrl: string, category: string | null | undefined): string {
  return `${siteRoot(publicUrl)}/static/mail/${ARTWORK_FILES[artworkCategory(category)]}.png`;
}
