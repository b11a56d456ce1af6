/**
 * Demo venues: a fixed set per city, placed a few km around the real city centre. The first venues of each
 * city get most of the demo events (a skewed pick), so they are the "busiest" ones the stays feed surrounds.
 */
import { CITIES, type City } from './cities.ts';
import { seededRandom, type Random } from '@evently/platform';

export interface DemoVenue {
  name: string;
  city: City;
  latitude: number;
  longitude: number;
  address: string;
}

const VENUE_KINDS = [
  'Arena',
  'Hall',
  'Theatre',
  'Park',
  'Gallery',
  'Stadium',
  'Club',
  'Convention Centre',
  'Market',
  'Studio',
];
const VENUE_WORDS = [
  'Central',
  'Riverside',
  'Grand',
  'Royal',
  'Harbour',
  'Old Town',
  'Union',
  'Liberty',
  'Garden',
  'Civic',
  'Summit',
  'Lantern',
];
const STREETS = [
  'Main Street',
  'Market Square',
  'Station Road',
  'Park Avenue',
  'High Street',
  'Harbour Way',
  'Museum Lane',
];
export const VENUES_PER_CITY = 8;

function offset(random: Random, city: City, maxKm: number) {
  const km = random.next() * maxKm;
  const bearing = random.next() * 2 * Math.PI;
  const dLat = (km * Math.cos(bearing)) / 111.32;
  const dLon = (km * Math.sin(bearing)) / (111.32 * Math.cos((city.latitude * Math.PI) / 180));
  const lon = city.longitude + dLon;
  return {
    latitude: Math.round((city.latitude + dLat) * 1e6) / 1e6,
    // Wrap so venues near the antimeridian stay valid longitudes.
    longitude: Math.round((((lon + 540) % 360) - 180) * 1e6) / 1e6,
  };
}

export const DEMO_VENUES: ReadonlyMap<string, DemoVenue[]> = (() => {
  const random = seededRandom(7);
  const byCity = new Map<string, DemoVenue[]>();
  for (const city of CITIES) {
    const venues: DemoVenue[] = [];
    const used = new Set<string>();
    while (venues.length < VENUES_PER_CITY) {
      const name = `${random.pick(VENUE_WORDS)} ${random.pick(VENUE_KINDS)}`;
      if (used.has(name)) continue;
      used.add(name);
      venues.push({ name, city, ...offset(random, city, 6), address: `${random.int(1, 240)} ${random.pick(STREETS)}` });
    }
    byCity.set(city.name, venues);
  }
  return byCity;
})();

/** Venue index skewed towards 0: about half the events go to the first two venues. */
export function skewedVenueIndex(random: Random): number {
  return Math.min(VENUES_PER_CITY - 1, Math.floor(VENUES_PER_CITY * random.next() ** 2.2));
}
