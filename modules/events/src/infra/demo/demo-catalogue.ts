/**
 * Generates demo events as SourceEventInput records, the same shape ingestion hands to upsertFromSource.
 * Deterministic for a seed: real cities and their zones, every category and source, prices from free to
 * premium in local currencies, a share without price and a share without coordinates. As on a real
 * aggregator, some shows are sold by two or three sellers, each billing it its own way at its own price: those
 * records link into one event with several offers (docs/ingestion.md "Offers").
 */
import { CATEGORIES, type Category } from '../../contracts/categories.ts';
import type { SourceEventInput } from '../../contracts/source-event.ts';
import { zoneOffsetMs } from '../../domain/time-zones.ts';
import { USD_PER_UNIT } from '../../domain/currency.ts';
import { CITIES } from './cities.ts';
import { DEMO_VENUES, skewedVenueIndex } from './demo-venues.ts';
import { seededRandom } from '@evently/platform';

export const DEMO_SOURCES = ['ticketmaster', 'fever', 'eventbrite', 'citylisting'] as const;

const TITLES: Record<Category, { names: string[]; tags: string[]; type: string }> = {
  'Music & Concerts': {
    names: [
      'Jazz Night',
      'Indie Rock Live',
      'Symphony Under the Stars',
      'Techno Marathon',
      'Acoustic Sessions',
      'Candlelight: Vivaldi Four Seasons',
      'Hip-Hop Block Party',
    ],
    tags: ['music', 'live', 'concert', 'jazz', 'rock', 'classical'],
    type: 'Concert',
  },
  'Sports & Recreation': {
    names: [
      'City Half Marathon',
      'Basketball Derby',
      'Open Water Swim',
      'Climbing Jam',
      'Football Cup Final',
      'Sunrise Yoga in the Park',
    ],
    tags: ['sports', 'outdoor', 'running', 'fitness'],
    type: 'Sports',
  },
  'Arts & Culture': {
    names: [
      'Modern Art Late Opening',
      'Impressionists Immersive',
      'Poetry Slam',
      'Photography Biennale',
      'Ballet Gala',
      'Street Art Walking Tour',
    ],
    tags: ['art', 'culture', 'exhibition', 'theatre'],
    type: 'Exhibition',
  },
  'Food & Drink': {
    names: [
      'Street Food Festival',
      'Natural Wine Fair',
      'Craft Beer Weekend',
      'Tapas Crawl',
      'Chocolate Tasting',
      'Night Market',
    ],
    tags: ['food', 'drinks', 'tasting', 'market'],
    type: 'Festival',
  },
  'Business & Professional': {
    names: ['Founders Breakfast', 'Product Leaders Summit', 'Marketing Masterclass', 'Investor Pitch Night'],
    tags: ['business', 'networking', 'startups'],
    type: 'Conference',
  },
  'Community & Social': {
    names: ['Language Exchange Meetup', 'Board Game Night', 'Neighbourhood Clean-up', 'Singles Mixer'],
    tags: ['community', 'social', 'meetup'],
    type: 'Meetup',
  },
  'Education & Learning': {
    names: ['Intro to Astronomy', 'Creative Writing Workshop', 'History Lecture Series', 'Pottery for Beginners'],
    tags: ['workshop', 'learning', 'class'],
    type: 'Workshop',
  },
  'Health & Wellness': {
    names: ['Sound Bath Meditation', 'Wellness Retreat Day', 'Breathwork Circle', 'Pilates on the Roof'],
    tags: ['wellness', 'yoga', 'meditation', 'health'],
    type: 'Class',
  },
  Technology: {
    names: ['AI Builders Meetup', 'Web Performance Conf', 'Hackathon Weekend', 'Robotics Expo'],
    tags: ['tech', 'ai', 'developers', 'startups'],
    type: 'Conference',
  },
  Entertainment: {
    names: ['Stand-up Comedy Night', 'Magic Show', 'Immersive Escape Experience', 'Drag Brunch', 'Open-Air Cinema'],
    tags: ['comedy', 'show', 'cinema', 'nightlife'],
    type: 'Show',
  },
  Other: {
    names: ['Vintage Fair', 'Flea Market Sunday', 'Car Boot Sale', 'Plant Swap'],
    tags: ['market', 'vintage', 'weekend'],
    type: 'Fair',
  },
  'Gift Cards': {
    names: ['Experience Gift Card', 'Concert Gift Card', 'Dining Gift Card'],
    tags: ['gift', 'voucher'],
    type: 'Gift Card',
  },
};

const DAY_MS = 24 * 3600 * 1000;

function purchaseUrl(source: string, externalId: string, category: Category): string {
  if (category === 'Gift Cards') return `https://www.giftcards.com/experiences/${externalId}`;
  if (source === 'ticketmaster') return `https://www.ticketmaster.com/event/${externalId}`;
  if (source === 'fever') return `https://feverup.com/m/${externalId}`;
  return `https://tickets.${source}.com/e/${externalId}`;
}

export interface DemoOptions {
  count: number;
  seed: number;
  now: Date;
  /** Prefix of external ids, so repeated loads (`npm run seed`) add events instead of updating. */
  idPrefix: string;
  /** Index of the first generated event (continues numbering across loads). */
  startIndex?: number;
  /**
   * Sell some shows through further sellers (the demo catalogue a visitor browses). Off for bulk loads
   * (`npm run seed`, benches), whose counts are of listed events.
   */
  severalSellers?: boolean;
}

/**
 * Of every 20 records, 2 are a second seller of the show just before them and 1 (after the first of those) a
 * third seller of the same show: about one show in seven has several sellers, half of them three, often
 * enough that a visitor's first page has some. They count among the `count` records asked for.
 */
const isSecondSeller = (i: number) => i % 10 === 1;
const isThirdSeller = (i: number) => i % 20 === 2;

/** The same show as another seller lists it: its own name, id, link and price, the same venue and start. */
function anotherSeller(
  show: SourceEventInput,
  nth: 1 | 2,
  externalId: string,
  random: ReturnType<typeof seededRandom>,
): SourceEventInput {
  const source = DEMO_SOURCES.filter((candidate) => candidate !== show.source)[nth - 1] as string;
  const city = show.city ?? '';
  const title = show.name.endsWith(` ${city}`) ? show.name.slice(0, -city.length - 1) : show.name;
  // A second seller bills "Jazz Night in Lisbon"; a third quotes international buyers in US dollars.
  const name = nth === 1 ? `${title} in ${city}` : `${city}: ${title}`;
  // Cheaper or dearer by 5 to 30 per cent, never the same amount.
  const factor = random.chance(0.5) ? 0.7 + random.next() * 0.25 : 1.05 + random.next() * 0.25;
  const inUsd = nth === 2 && show.currency !== 'USD';
  const rate = inUsd ? (USD_PER_UNIT[show.currency ?? 'USD'] ?? 1) : 1;
  const price = (amount: number | null | undefined) => {
    if (amount === null || amount === undefined) return null;
    const moved = Math.max(1, Math.round(amount * factor * rate));
    return moved === amount && !inUsd ? amount + 1 : moved;
  };
  const purchase = purchaseUrl(source, externalId, show.category as Category);
  return {
    ...show,
    source,
    external_id: externalId,
    name,
    unique_title: null,
    start_utc: new Date(Date.parse(show.start_utc) + random.pick([0, 0, 15]) * 60_000).toISOString(),
    min_price: price(show.min_price),
    max_price: price(show.max_price),
    currency: inUsd ? 'USD' : show.currency,
    price_note: null,
    purchase_url: purchase,
    original_url: purchase,
    organizer: null,
  };
}

export function* generateDemoEvents(options: DemoOptions): Generator<SourceEventInput> {
  const random = seededRandom(options.seed);
  // Offsets are taken once per city: exact enough for demo start times, and cheap for a million events.
  const offsets = new Map(CITIES.map((c) => [c.name, zoneOffsetMs(options.now, c.timezone)]));
  const todayUtc = Math.floor(options.now.getTime() / DAY_MS) * DAY_MS;
  const first = options.startIndex ?? 0;
  // The last priced show with a venue: the one further sellers list.
  let lastShow: SourceEventInput | undefined;
  for (let i = first; i < first + options.count; i++) {
    if (options.severalSellers && lastShow && (isSecondSeller(i) || isThirdSeller(i))) {
      yield anotherSeller(lastShow, isThirdSeller(i) ? 2 : 1, `${options.idPrefix}-${i}`, random);
      continue;
    }
    const city = CITIES[i % CITIES.length] as (typeof CITIES)[number];
    const venues = DEMO_VENUES.get(city.name) ?? [];
    const venue = venues[skewedVenueIndex(random)] ?? venues[0];
    const category: Category =
      i % 97 === 0 ? 'Gift Cards' : (CATEGORIES[random.int(0, CATEGORIES.length - 2)] as Category);
    const source = category === 'Gift Cards' ? 'giftcards' : (DEMO_SOURCES[i % DEMO_SOURCES.length] as string);
    const spec = TITLES[category];
    const externalId = `${options.idPrefix}-${i}`;
    const title = random.pick(spec.names);
    const name = `${title} ${city.name}`;

    // Local evening (or daytime) start 0..150 days ahead, converted with the city's offset.
    const localHour = random.pick([10, 12, 14, 17, 18, 19, 19, 20, 20, 21, 22]);
    const startMs =
      todayUtc +
      random.int(0, 150) * DAY_MS +
      localHour * 3600 * 1000 +
      random.pick([0, 30]) * 60_000 -
      (offsets.get(city.name) ?? 0);
    const start = new Date(Math.max(startMs, options.now.getTime() + 3600 * 1000));
    const durationHours = random.pick([2, 2, 3, 4, 6, 48]);

    // Prices: 12% free, 8% unknown, the rest 5..400 USD (a few premium up to 1500) in local currency.
    const rate = USD_PER_UNIT[city.currency] ?? 1;
    let minPrice: number | null = null;
    let maxPrice: number | null = null;
    const priceRoll = random.next();
    if (priceRoll < 0.12) {
      minPrice = 0;
      maxPrice = 0;
    } else if (priceRoll >= 0.2) {
      const usd = priceRoll > 0.97 ? random.int(400, 1500) : random.int(5, 150);
      minPrice = Math.round(usd / rate);
      if (random.chance(0.7)) maxPrice = Math.round((usd * (1 + random.next() * 2)) / rate);
      if (random.chance(0.1)) [minPrice, maxPrice] = [null, minPrice];
    }
    const withCoordinates = !random.chance(0.06);
    const tags = [...new Set([random.pick(spec.tags), random.pick(spec.tags), city.name.toLowerCase()])];
    const purchase = purchaseUrl(source, externalId, category);

    const show: SourceEventInput = {
      source,
      external_id: externalId,
      name,
      unique_title: random.chance(0.3) ? `${title} at ${venue?.name ?? city.name}, ${city.name}` : null,
      description: `${title} in ${city.name}, ${city.country}. ${spec.type} at ${venue?.name ?? 'a central venue'} with ${random.pick(['local favourites', 'international guests', 'a sold-out track record', 'an intimate setting'])}.`,
      category,
      start_utc: start.toISOString(),
      end_utc: new Date(start.getTime() + durationHours * 3600 * 1000).toISOString(),
      timezone: city.timezone,
      venue_name: venue?.name ?? null,
      address: venue ? `${venue.address}, ${city.name}` : null,
      city: city.name,
      country: city.country,
      latitude: withCoordinates && venue ? venue.latitude : null,
      longitude: withCoordinates && venue ? venue.longitude : null,
      min_price: minPrice,
      max_price: maxPrice,
      currency: city.currency,
      price_note: minPrice !== null && minPrice > 0 && random.chance(0.2) ? 'Fees may apply at checkout' : null,
      image_url: null,
      purchase_url: purchase,
      original_url:
        source === 'citylisting'
          ? `https://www.citylisting.com/${city.name.toLowerCase().replace(/\s+/g, '-')}/${externalId}`
          : purchase,
      affiliate_url: null,
      tags,
      highlights: [
        `${spec.type} in ${city.name}`,
        random.pick(['All ages welcome', 'Limited capacity', 'Bar on site', 'Step-free access']),
      ],
      faq: [
        {
          question: 'Is there an age limit?',
          answer: random.pick(['All ages.', '18+ with ID.', 'Under 16s with an adult.']),
        },
      ],
      nearby: [`${random.int(2, 12)} min walk from ${city.name} centre`],
      organizer: `${city.name} ${spec.type} Collective`,
      event_type: spec.type,
    };
    lastShow = options.severalSellers && category !== 'Gift Cards' && venue && (minPrice ?? 0) > 0 ? show : undefined;
    yield show;
  }
}
