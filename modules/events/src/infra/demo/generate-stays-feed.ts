/**
 * Writes `stays-feed.json`, the bundled sample accommodations feed: a few stays around the two busiest demo
 * venues of every city. Run `npx tsx modules/events/src/infra/demo/generate-stays-feed.ts` after changing the
 * demo venues; the output is committed so start-up needs no generation.
 */
import { writeFileSync } from 'node:fs';
import { DEMO_VENUES } from './demo-venues.ts';
import { seededRandom } from '@evently/platform';
import { USD_PER_UNIT } from '../../domain/currency.ts';
import type { FeedStay } from '../store-stays-provider.ts';

const KINDS = ['Hotel', 'Suites', 'Boutique Hotel', 'Apartments', 'Hostel', 'Inn', 'Residence'];
const WORDS = [
  'Plaza',
  'Park View',
  'Old Town',
  'Central',
  'Harbour',
  'Grand',
  'Garden',
  'Station',
  'Riverside',
  'Skyline',
];

const random = seededRandom(2026);
const stays: FeedStay[] = [];
for (const venues of DEMO_VENUES.values()) {
  for (const venue of venues.slice(0, 2)) {
    for (let n = 0; n < 4; n++) {
      const name = `${random.pick(WORDS)} ${random.pick(KINDS)} ${venue.city.name}`;
      const usd = random.int(35, 420);
      const slug = `${venue.city.name}-${stays.length}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      stays.push({
        id: `stay-${slug}`,
        name,
        city: venue.city.name,
        country: venue.city.country,
        // Stays sit within about 2.5 km of the venue rather than of the city centre.
        latitude: Math.round((venue.latitude + (random.next() - 0.5) * 0.045) * 1e6) / 1e6,
        longitude: Math.round((venue.longitude + (random.next() - 0.5) * 0.045) * 1e6) / 1e6,
        image_url: null,
        nightly_price: random.chance(0.08) ? null : Math.round(usd / (USD_PER_UNIT[venue.city.currency] ?? 1)),
        currency: venue.city.currency,
        rating: random.chance(0.1) ? null : Math.round((6.5 + random.next() * 3.4) * 10) / 10,
        url: `https://www.booking.com/searchresults.html?ss=${encodeURIComponent(`${name}`)}`,
        affiliate_url: null,
      });
    }
  }
}
writeFileSync(new URL('./stays-feed.json', import.meta.url), `${JSON.stringify(stays, null, 1)}\n`);
console.log(`wrote ${stays.length} stays`);
