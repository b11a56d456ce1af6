/**
 * Fixtures of the SearchIndex contract: an events-like schema and a small catalogue chosen to exercise every
 * promise of the port: ties on every sort field, missing values, numeric ids of different lengths plus one
 * non-numeric id, mixed-case keywords, diacritics, and places on both sides of the antimeridian. Words are
 * kept apart by 3+ edits so fuzzy matching cannot blur expectations on either engine.
 */
import type { IndexDocument, IndexSchema } from './search-index.port.ts';

export const contractSchema = (name: string): IndexSchema => ({
  name,
  fields: {
    name: { type: 'text', boost: 4, sortable: true },
    description: { type: 'text' },
    tags: { type: 'text' },
    city: { type: 'keyword', searchable: true, boost: 2, sortedBy: ['date'] },
    country: { type: 'keyword' },
    category: { type: 'keyword', sortedBy: ['price'] },
    price: { type: 'number' },
    popularity: { type: 'number' },
    date: { type: 'date' },
    location: { type: 'geo' },
  },
  // A list's fields: the embedded engine answers `fields` naming exactly these from a stored projection.
  views: { listing: ['name', 'price', 'location', 'tags'] },
  // An answer piece a writer renders per document: kept apart from sources, returned as text by searchFragments.
  fragments: { pin: 1 },
});

interface FixtureFields {
  name: string;
  description?: string;
  tags?: string[];
  city?: string;
  country?: string;
  category?: string;
  price?: number | null;
  popularity?: number;
  date?: string;
  location?: { lat: number; lon: number } | null;
  /** Stored only: never indexed, still returned. */
  image_url?: string;
}

export type FixtureEvent = IndexDocument & FixtureFields;

const event = (id: string, fields: FixtureFields): FixtureEvent => ({ id, ...fields });

export const fixtureEvents: FixtureEvent[] = [
  event('1', {
    name: 'Jazz Evening',
    description: 'Saxophone quartet downtown',
    tags: ['jazz', 'live'],
    city: 'Berlin',
    country: 'DE',
    category: 'music',
    price: 25,
    popularity: 10,
    date: '2030-03-01T19:00:00Z',
    location: { lat: 52.52, lon: 13.405 },
    image_url: 'https://img.example/1.jpg',
  }),
  event('2', {
    name: 'Techno Marathon',
    description: 'Warehouse rave until sunrise',
    tags: ['electronic'],
    city: 'Berlin',
    country: 'DE',
    category: 'nightlife',
    price: 40,
    popularity: 50,
    date: '2030-03-02T22:00:00Z',
    location: { lat: 52.5, lon: 13.45 },
  }),
  event('3', {
    name: 'Potsdam Palace Tour',
    description: 'Gardens and baroque halls',
    city: 'Potsdam',
    country: 'DE',
    category: 'culture',
    price: 25,
    popularity: 10,
    date: '2030-03-01T19:00:00Z',
    location: { lat: 52.4, lon: 13.06 },
  }),
  event('10', {
    name: 'Hamburg Harbour Cruise',
    description: 'Boat trip with jazz trio on deck',
    city: 'Hamburg',
    country: 'DE',
    category: 'culture',
    price: null,
    popularity: 5,
    date: '2030-03-05T11:00:00Z',
    location: { lat: 53.55, lon: 9.99 },
  }),
  event('11', {
    name: 'Café Müller Reading',
    description: 'Poetry over coffee',
    city: 'berlin',
    country: 'DE',
    category: 'culture',
    price: 0,
    popularity: 50,
    date: '2030-03-03T18:00:00Z',
    location: { lat: 52.53, lon: 13.38 },
  }),
  event('20', {
    name: 'Paris Opera Gala',
    description: 'Ballet and orchestra',
    city: 'Paris',
    country: 'FR',
    category: 'music',
    price: 120,
    popularity: 80,
    date: '2030-04-01T20:00:00Z',
    location: { lat: 48.8566, lon: 2.3522 },
  }),
  event('21', {
    name: 'Louvre Night Visit',
    description: 'Museum after hours',
    city: 'Paris',
    country: 'FR',
    category: 'culture',
    price: 18,
    popularity: 80,
    date: '2030-04-02T21:00:00Z',
    location: { lat: 48.8606, lon: 2.3376 },
  }),
  event('22', {
    name: 'Lyon Food Festival',
    description: 'Street kitchens and wine',
    city: 'Lyon',
    country: 'FR',
    category: 'food',
    popularity: 30,
    date: '2030-04-03T12:00:00Z',
    location: { lat: 45.764, lon: 4.8357 },
  }),
  event('100', {
    name: 'Online Coding Workshop',
    description: 'Learn typescript from home',
    tags: ['online'],
    country: 'US',
    category: 'education',
    price: 0,
    popularity: 1,
    date: '2030-05-01T16:00:00Z',
    location: null,
  }),
  event('101', {
    name: 'Suva Reef Dive',
    description: 'Coral gardens by boat',
    city: 'Suva',
    country: 'FJ',
    category: 'sports',
    price: 90,
    popularity: 12,
    date: '2030-06-01T08:00:00Z',
    location: { lat: -18.1416, lon: 178.4419 },
  }),
  event('102', {
    name: 'Taveuni Dateline Walk',
    description: 'Stand on both days at once',
    city: 'Taveuni',
    country: 'FJ',
    category: 'sports',
    price: 15,
    popularity: 12,
    date: '2030-06-02T08:00:00Z',
    location: { lat: -16.84, lon: -179.97 },
  }),
  event('103', {
    name: 'Apia Fire Dance',
    description: 'Samoan siva afi show',
    city: 'Apia',
    country: 'WS',
    category: 'culture',
    price: 35,
    popularity: 20,
    date: '2030-06-03T19:00:00Z',
    location: { lat: -13.8333, lon: -171.7667 },
  }),
  event('104', {
    name: 'Auckland Sailing Regatta',
    description: 'Harbour racing yachts',
    city: 'Auckland',
    country: 'NZ',
    category: 'sports',
    price: 60,
    popularity: 40,
    date: '2030-06-04T10:00:00Z',
    location: { lat: -36.8485, lon: 174.7633 },
  }),
  event('105', {
    name: 'Honolulu Surf Contest',
    description: 'Big wave finals',
    city: 'Honolulu',
    country: 'US',
    category: 'sports',
    price: 0,
    popularity: 40,
    date: '2030-06-05T09:00:00Z',
    location: { lat: 21.3069, lon: -157.8583 },
  }),
  event('200', {
    name: 'Berlin Marathon Expo',
    description: 'Running gear fair',
    city: 'Berlin',
    country: 'DE',
    category: 'sports',
    price: 12,
    popularity: 25,
    date: '2030-03-02T22:00:00Z',
    location: { lat: 52.51, lon: 13.39 },
  }),
  event('x7', {
    name: 'Secret Rooftop Party',
    description: 'Location revealed later',
    country: 'DE',
    category: 'nightlife',
    price: 25,
    popularity: 10,
    date: '2030-03-01T19:00:00Z',
  }),
];

export const berlin = { lat: 52.52, lon: 13.405 };
