/**
 * Deterministic generators of realistic raw feed records, in Ticketmaster Discovery and Fever partner-feed
 * shape, over real cities. Used to write the bundled sample feeds (`ingestion/samples/`) and by the
 * benchmark. With `flaws`, a few records carry the faults real feeds have (cancellations in both spellings,
 * a nameless record, a date in the wrong century) so the samples exercise the whole pipeline.
 */
import { seededRandom, type Random } from '@evently/platform';
import { localToUtc, utcToLocal } from '../normalize/local-time.ts';
import { SAMPLE_CITIES, type SampleCity } from './sample-cities.ts';

export interface GenerateOptions {
  count: number;
  /** First day events may start on. */
  from: Date;
  spanDays: number;
  seed?: number;
  flaws?: boolean;
}

type Raw = Record<string, unknown>;

const TM_CLASSES: Array<{ segment: string; genres: string[]; names: string[] }> = [
  {
    segment: 'Music',
    genres: ['Rock', 'Pop', 'Jazz', 'Hip-Hop/Rap', 'Classical', 'Country', 'Electronic', 'Alternative'],
    names: [
      'Arctic Monkeys',
      'Dua Lipa',
      'Norah Jones',
      'Kendrick Lamar',
      'London Symphony Orchestra',
      'Chris Stapleton',
      'Disclosure',
      'The National',
      'Florence + The Machine',
      'Bad Bunny',
      'Coldplay',
      'Hozier',
    ],
  },
  {
    segment: 'Sports',
    genres: ['Basketball', 'Football', 'Soccer', 'Hockey', 'Tennis'],
    names: [
      'Home Derby',
      'Cup Quarter-Final',
      'League Night',
      'Season Opener',
      'Championship Final',
      'Exhibition Match',
    ],
  },
  {
    segment: 'Arts & Theatre',
    genres: ['Theatre', 'Comedy', 'Dance', 'Opera', 'Magic & Illusion', "Children's Theatre"],
    names: [
      'Hamilton',
      'The Lion King',
      'Swan Lake',
      'La Traviata',
      'Les Misérables',
      'An Evening of Stand-Up',
      'The Illusionists',
      'Matilda the Musical',
    ],
  },
  {
    segment: 'Film',
    genres: ['Drama', 'Animation', 'Documentary'],
    names: ['Film in Concert: Interstellar', 'Studio Ghibli Night', 'Documentary Festival Opening'],
  },
  {
    segment: 'Miscellaneous',
    genres: [
      'Family',
      'Food & Drink',
      'Lecture/Seminar',
      'Fairs & Festivals',
      'Health/Wellness',
      'Hobby/Special Interest Expos',
    ],
    names: [
      'Winter Food Festival',
      'Craft Beer Expo',
      'Mindfulness Morning',
      'Science Talks Live',
      'Comic Con',
      'Family Fun Day',
    ],
  },
];

const FEVER_CATEGORIES: Array<{ category: string; partners: string[]; names: string[] }> = [
  {
    category: 'Candlelight',
    partners: ['Candlelight Concerts'],
    names: [
      "Candlelight: Vivaldi's Four Seasons",
      'Candlelight: Tribute to Queen',
      'Candlelight: The Best of Hans Zimmer',
      'Candlelight: Coldplay vs Imagine Dragons',
    ],
  },
  {
    category: 'Exhibitions',
    partners: ['Fever Originals', 'Exhibition Hub'],
    names: [
      'Van Gogh: The Immersive Experience',
      'Monet & Friends Alive',
      'Titanic: The Exhibition',
      'Banksy: Genius or Vandal?',
    ],
  },
  {
    category: 'Food & Drink',
    partners: ['Secret Food Tours', 'Tasting Collective'],
    names: ['Wine Tasting in a Secret Cellar', 'Tapas & Flamenco Night', 'Cocktail Masterclass', 'Street Food Tour'],
  },
  {
    category: 'Comedy',
    partners: ['Comedy Club Live'],
    names: ['Stand-Up Comedy Night', 'Improv Show in English', 'Comedy in the Dark'],
  },
  {
    category: 'Wellness',
    partners: ['Sound Bath Studio'],
    names: ['Sunset Yoga on the Rooftop', 'Sound Bath Meditation', 'Thermal Spa Circuit'],
  },
  {
    category: 'Workshops',
    partners: ['Creative Workshops'],
    names: ['Pottery Workshop for Beginners', 'Watercolour Painting Class', 'Perfume Making Workshop'],
  },
  {
    category: 'Immersive experiences',
    partners: ['Fever Originals'],
    names: ['Stranger Things: The Experience', 'Museum of Illusions', 'Jurassic World: The Exhibition'],
  },
  {
    category: 'Tours',
    partners: ['City Walks'],
    names: ['Ghost Tour of the Old Town', 'Sunset Boat Tour', 'Hidden Gems Walking Tour'],
  },
  {
    category: 'Nightlife',
    partners: ['Sofar Sounds'],
    names: ['Sofar Sounds: Secret Concert', 'Silent Disco', '80s Party Night'],
  },
  {
    category: 'Technology',
    partners: ['VR World'],
    names: ['Virtual Reality Arena', 'Escape Room in Virtual Reality'],
  },
];

const pad = (value: number) => String(value).padStart(2, '0');

/** Rough units of each sample currency per US dollar, so a ticket costs about as much everywhere. */
const UNITS_PER_USD: Record<string, number> = {
  USD: 1,
  CAD: 1.35,
  MXN: 18,
  GBP: 0.8,
  EUR: 0.92,
  CZK: 23,
  SEK: 10.5,
  DKK: 6.9,
  AUD: 1.5,
  NZD: 1.65,
  SGD: 1.35,
  JPY: 150,
  ARS: 900,
  BRL: 5,
};

/** A USD amount in `currency`, rounded the way prices are printed (whole units above 100, else halves). */
function localPrice(usd: number, currency: string): number {
  const amount = usd * (UNITS_PER_USD[currency] ?? 1);
  return amount >= 100 ? Math.round(amount) : Math.round(amount * 2) / 2;
}

/** A start at a plausible evening hour, local to the city. */
function eveningStart(random: Random, city: SampleCity, options: GenerateOptions): Date {
  const day = new Date(options.from.getTime() + random.int(0, Math.max(0, options.spanDays - 1)) * 86_400_000);
  const { date } = utcToLocal(day, city.timeZone);
  const hour = random.pick([11, 14, 18, 19, 19, 20, 20, 21]);
  const minute = random.pick([0, 0, 30, 45]);
  return localToUtc(date, `${pad(hour)}:${pad(minute)}:00`, city.timeZone) ?? day;
}

export function generateTicketmasterEvents(options: GenerateOptions): Raw[] {
  const random = seededRandom(options.seed ?? 7);
  const events: Raw[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const city = random.pick(SAMPLE_CITIES);
    const venue = random.pick(city.venues);
    const kind = random.pick(TM_CLASSES);
    const genre = random.pick(kind.genres);
    const start = eveningStart(random, city, options);
    const local = utcToLocal(start, city.timeZone);
    const id = `Z7r9jZ1A${index.toString(36).padStart(5, '0')}${random.int(0, 35).toString(36)}`;
    const headliner = random.pick(kind.names);
    const name =
      kind.segment === 'Music'
        ? `${headliner} - ${random.pick(['World Tour', 'Live', 'In Concert', 'Acoustic Night'])}`
        : `${headliner}`;
    const minPrice = random.int(1, 40) * 5;
    const event: Raw = {
      name,
      type: 'event',
      id,
      test: false,
      url: `https://www.ticketmaster.com/event/${id}`,
      locale: 'en-us',
      images: [
        {
          ratio: '3_2',
          url: `https://s1.ticketm.net/dam/a/${id.slice(-4)}/${id}_RETINA_PORTRAIT_3_2.jpg`,
          width: 640,
          height: 427,
          fallback: false,
        },
        {
          ratio: '16_9',
          url: `https://s1.ticketm.net/dam/a/${id.slice(-4)}/${id}_RECOMENDATION_16_9.jpg`,
          width: 100,
          height: 56,
          fallback: false,
        },
        {
          ratio: '16_9',
          url: `https://s1.ticketm.net/dam/a/${id.slice(-4)}/${id}_TABLET_LANDSCAPE_LARGE_16_9.jpg`,
          width: 2048,
          height: 1152,
          fallback: false,
        },
      ],
      dates: {
        start: {
          localDate: local.date,
          localTime: local.time,
          dateTime: start.toISOString().replace('.000', ''),
          dateTBD: false,
          timeTBA: false,
          noSpecificTime: false,
        },
        timezone: city.timeZone,
        status: { code: 'onsale' },
        spanMultipleDays: false,
      },
      classifications: [
        {
          primary: true,
          segment: { id: `seg-${kind.segment}`, name: kind.segment },
          genre: { id: `gen-${genre}`, name: genre },
          subGenre: { id: 'sub', name: genre },
        },
      ],
      promoter: { id: '653', name: random.pick(['LIVE NATION MUSIC', 'AEG PRESENTS', 'PROMOTED BY VENUE']) },
      priceRanges: [
        {
          type: 'standard',
          currency: city.currency,
          min: localPrice(minPrice, city.currency),
          max: localPrice(minPrice + random.int(0, 30) * 5, city.currency),
        },
      ],
      info: `${name} at ${venue.name}. Doors open one hour before the show.`,
      pleaseNote: random.chance(0.3) ? 'No re-entry. Bag policy in effect.' : undefined,
      _embedded: {
        venues: [
          {
            name: venue.name,
            type: 'venue',
            id: `KovZ${city.countryCode}${venue.name.length}`,
            timezone: city.timeZone,
            city: { name: city.name },
            country: { name: city.country, countryCode: city.countryCode },
            address: { line1: venue.address },
            // Ticketmaster sends coordinates as strings.
            location: {
              latitude: (city.lat + random.next() * 0.04 - 0.02).toFixed(6),
              longitude: (city.lon + random.next() * 0.04 - 0.02).toFixed(6),
            },
          },
        ],
      },
    };
    // Gaps real answers have.
    if (random.chance(0.15)) delete event.priceRanges;
    if (random.chance(0.1)) delete (event.dates as Raw).timezone;
    if (random.chance(0.05)) delete ((event._embedded as { venues: Raw[] }).venues[0] as Raw).location;
    if (options.flaws) {
      if (random.chance(0.02)) (event.dates as Raw).status = { code: random.pick(['canceled', 'cancelled']) };
      if (index === 3) event.name = '';
      if (index === 5) (event.dates as Raw).start = { localDate: '1026-05-01', localTime: '20:00:00' };
    }
    events.push(event);
  }
  return events;
}

export function generateFeverPlans(options: GenerateOptions): Raw[] {
  const random = seededRandom(options.seed ?? 11);
  const plans: Raw[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const city = random.pick(SAMPLE_CITIES);
    const id = String(80000 + index * 7);
    const giftCard = index % 25 === 0;
    const kind = random.pick(FEVER_CATEGORIES);
    const name = giftCard ? `Fever Gift Card - ${city.name}` : random.pick(kind.names);
    const sessions = Array.from({ length: random.int(1, 3) }, (_, sessionIndex) => {
      const start = eveningStart(random, city, options);
      const local = utcToLocal(start, city.timeZone);
      const end = utcToLocal(new Date(start.getTime() + random.pick([60, 75, 90, 120]) * 60_000), city.timeZone);
      const sessionId = `${id}${sessionIndex + 1}`;
      // Half the sessions carry an offset, half are venue wall time (both occur in partner feeds).
      const withOffset = random.chance(0.5);
      return {
        id: sessionId,
        starts_at: withOffset ? start.toISOString().replace('.000', '') : `${local.date}T${local.time}`,
        ends_at: withOffset ? null : `${end.date}T${end.time}`,
        share_url: `https://feverup.com/m/${id}?session=${sessionId}`,
      };
    });
    const price = random.int(8, 60) + random.pick([0, 0.5, 0.9]);
    const plan: Raw = {
      id,
      name,
      description: giftCard
        ? `Give the gift of experiences in ${city.name}: redeemable for any Fever plan.`
        : `${name} in ${city.name}. Tickets are limited; arrive 15 minutes early.`,
      url: `https://feverup.com/m/${id}`,
      cover_image: `https://applications-media.feverup.com/image/upload/fever2/plan/photo/${id}.jpg`,
      category: giftCard ? 'Gift Cards' : kind.category,
      partner: giftCard ? 'Fever' : random.pick(kind.partners),
      is_gift_card: giftCard,
      price: random.chance(0.1) ? null : { amount: localPrice(price, city.currency), currency: city.currency },
      place: {
        name: giftCard ? 'Redeemable online' : random.pick(city.venues).name,
        address: giftCard ? null : random.pick(city.venues).address,
        latitude: random.chance(0.06) ? null : Number((city.lat + random.next() * 0.04 - 0.02).toFixed(6)),
        longitude: Number((city.lon + random.next() * 0.04 - 0.02).toFixed(6)),
        timezone: city.timeZone,
        city: { name: city.name, country: random.chance(0.5) ? city.countryCode : city.country },
      },
      sessions,
    };
    if (options.flaws) {
      if (index === 4) plan.sessions = [];
      if (index === 9) plan.name = null;
      if (random.chance(0.02)) ((plan.sessions as Raw[])[0] as Raw).status = 'cancelled';
    }
    plans.push(plan);
  }
  return plans;
}
