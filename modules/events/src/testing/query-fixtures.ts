/**
 * A small catalogue with known answers for the event-query contract cases. "Now" is 2026-11-21T10:00Z
 * (a Saturday). Each fixture names the property it exists to exercise.
 */
import type { SourceEventInput } from '../contracts/source-event.ts';
import { makeSourceEvent } from './make-event.ts';

export const FIXTURE_NOW = '2026-11-21T10:00:00.000Z';

const at = (external_id: string, overrides: Partial<SourceEventInput>): SourceEventInput =>
  makeSourceEvent({
    external_id,
    purchase_url: `https://tickets.example.com/${external_id}`,
    description: 'A night out.',
    ...overrides,
  });

export const QUERY_FIXTURES: SourceEventInput[] = [
  // Madrid: keyword, city, EUR prices (USD 21.60 - 48.60), nearby.
  at('madrid-jazz', {
    name: 'Jazz Night Madrid',
    description: 'Live jazz in the old town.',
    start_utc: '2026-11-25T19:00:00Z',
    min_price: 20,
    max_price: 45,
    currency: 'EUR',
    tags: ['jazz', 'live'],
  }),
  at('madrid-tech', {
    name: 'AI Builders Meetup',
    category: 'Technology',
    start_utc: '2026-11-21T19:00:00Z',
    min_price: 0,
    max_price: 0,
    latitude: 40.43,
    longitude: -3.69,
    venue_name: 'Campus Madrid',
    tags: ['ai'],
  }),
  at('getafe-run', {
    name: 'Getafe 10K',
    category: 'Sports & Recreation',
    city: 'Getafe',
    start_utc: '2026-12-06T08:00:00Z',
    latitude: 40.3057,
    longitude: -3.7329,
    min_price: 15,
    max_price: null,
    currency: 'EUR',
    venue_name: 'Getafe Park',
    tags: ['running'],
  }),
  // Spain without coordinates and without a price.
  at('barcelona-food', {
    name: 'Street Food Festival',
    description: 'Food trucks, a market and a jazz band in the square.',
    category: 'Food & Drink',
    city: 'Barcelona',
    start_utc: '2026-12-10T12:00:00Z',
    latitude: null,
    longitude: null,
    min_price: null,
    max_price: null,
    venue_name: 'Fabra Market',
    tags: ['food'],
  }),
  // Paris tomorrow (UTC), price only from.
  at('paris-art', {
    name: 'Impressionists Immersive',
    category: 'Arts & Culture',
    city: 'Paris',
    country: 'France',
    start_utc: '2026-11-22T09:00:00Z',
    latitude: 48.8566,
    longitude: 2.3522,
    min_price: 15,
    max_price: null,
    currency: 'EUR',
    venue_name: 'Atelier Lumiere',
    tags: ['art'],
  }),
  // 22:30 on the 21st in New York, already the 22nd in UTC.
  at('ny-comedy', {
    name: 'Stand-up Comedy Night',
    category: 'Entertainment',
    city: 'New York',
    country: 'United States',
    start_utc: '2026-11-22T03:30:00Z',
    latitude: 40.7128,
    longitude: -74.006,
    min_price: 30,
    max_price: 30,
    currency: 'USD',
    venue_name: 'Cellar Club',
    tags: ['comedy'],
  }),
  // 01:00 on the 22nd in Tokyo, still the 21st in UTC.
  at('tokyo-techno', {
    name: 'Techno Marathon',
    category: 'Music & Concerts',
    city: 'Tokyo',
    country: 'Japan',
    start_utc: '2026-11-21T16:00:00Z',
    latitude: 35.6762,
    longitude: 139.6503,
    min_price: 5000,
    max_price: 8000,
    currency: 'JPY',
    venue_name: 'Warehouse Shibuya',
    tags: ['techno', 'live'],
  }),
  // Either side of the antimeridian.
  at('fiji-west', {
    name: 'Reef Festival',
    category: 'Community & Social',
    city: 'Suva',
    country: 'Fiji',
    start_utc: '2026-12-01T05:00:00Z',
    latitude: -18.12,
    longitude: 179.9,
    min_price: 10,
    max_price: 10,
    currency: 'USD',
    venue_name: 'Harbour Green',
    tags: ['festival'],
  }),
  at('fiji-east', {
    name: 'Island Dance Night',
    category: 'Community & Social',
    city: 'Taveuni',
    country: 'Fiji',
    start_utc: '2026-12-01T05:00:00Z',
    latitude: -16.8,
    longitude: -179.9,
    min_price: 10,
    max_price: 10,
    currency: 'USD',
    venue_name: 'Beach Hall',
    tags: ['dance'],
  }),
  // Premium price, far future.
  at('london-gala', {
    name: 'Royal Ballet Gala',
    category: 'Arts & Culture',
    city: 'London',
    country: 'United Kingdom',
    start_utc: '2027-03-01T19:30:00Z',
    latitude: 51.5129,
    longitude: -0.1222,
    min_price: 900,
    max_price: 1500,
    currency: 'GBP',
    venue_name: 'Opera House',
    tags: ['ballet'],
  }),
  // Two events at the same instant with the same price: ties broken by id.
  at('tie-a', {
    name: 'Twin Show',
    category: 'Entertainment',
    start_utc: '2026-11-28T20:00:00Z',
    min_price: 12,
    max_price: 12,
    currency: 'USD',
    tags: [],
  }),
  at('tie-b', {
    name: 'Twin Show',
    category: 'Entertainment',
    start_utc: '2026-11-28T20:00:00Z',
    min_price: 12,
    max_price: 12,
    currency: 'USD',
    tags: [],
  }),
  // Already over: only a date range brings it back.
  at('past-fair', {
    name: 'Autumn Fair',
    category: 'Other',
    start_utc: '2026-11-01T10:00:00Z',
    end_utc: '2026-11-01T18:00:00Z',
    tags: [],
  }),
  // Started an hour ago, still running: not past.
  at('running-expo', {
    name: 'Robotics Expo',
    category: 'Technology',
    start_utc: '2026-11-21T09:00:00Z',
    end_utc: '2026-11-21T18:00:00Z',
    min_price: 8,
    max_price: 8,
    currency: 'EUR',
    tags: ['robots'],
  }),
];

/** Views recorded after loading, so popularity has an order: madrid-jazz > paris-art > tokyo-techno. */
export const FIXTURE_VIEWS: Record<string, number> = { 'madrid-jazz': 3, 'paris-art': 2, 'tokyo-techno': 1 };
