/**
 * A week of events near Austin, as the digest tests and the mail previews see it: a feed photo, a missing
 * image, a feed image that fails to load, and a long name.
 */
import type { DigestEvent } from '../domain/digest-event.ts';

export const PREVIEW_PUBLIC_URL = 'https://evently.example';

export function makeDigestEvent(overrides: Partial<DigestEvent> = {}): DigestEvent {
  return {
    id: 42,
    name: 'Jazz Night',
    date: '2026-12-06T02:00:00Z',
    timezone: 'America/Chicago',
    venue_name: 'Blue Hall',
    city: 'Austin',
    country: 'United States',
    category: 'Music & Concerts',
    image_url: 'https://images.example/jazz.jpg',
    price_text: 'USD 20 - 40',
    slug: '42-jazz-night',
    ...overrides,
  };
}

/** Image URLs the preview serves from local files (the rest fail, as feed images often do). */
export const PREVIEW_IMAGES: Record<string, string> = {
  'https://images.example/stage.jpg': 'frontend/public/static/blog/covers/berlin-1024w.jpg',
};

export const AUSTIN_WEEK: DigestEvent[] = [
  makeDigestEvent({
    id: 101,
    name: 'Khruangbin with special guests',
    unique_title: 'Khruangbin live at Moody Amphitheater',
    slug: '101-khruangbin-live',
    date: '2026-12-05T02:00:00Z',
    venue_name: 'Moody Amphitheater',
    image_url: 'https://images.example/stage.jpg',
    price_text: 'USD 45 - 120',
  }),
  makeDigestEvent({
    id: 102,
    name: 'East Austin Taco Crawl',
    slug: '102-east-austin-taco-crawl',
    date: '2026-12-05T18:30:00Z',
    category: 'Food & Drink',
    venue_name: 'Cosmic Coffee + Beer Garden',
    image_url: null,
    price_text: 'USD 35',
  }),
  makeDigestEvent({
    id: 103,
    name: 'Texas Longhorns vs. Baylor Bears: Big 12 Championship Watch Party & Tailgate',
    slug: '103-longhorns-watch-party',
    date: '2026-12-06T23:00:00Z',
    category: 'Sports & Recreation',
    venue_name: 'Scholz Garten',
    image_url: 'https://broken.example/longhorns.jpg',
    price_text: 'Free',
  }),
  makeDigestEvent({
    id: 104,
    name: 'Blanton Museum late: Light & Shadow',
    slug: null,
    date: '2026-12-09T00:00:00Z',
    category: 'Arts & Culture',
    venue_name: 'Blanton Museum of Art',
    image_url: null,
    price_text: 'USD 15',
  }),
];
