/**
 * A local timing script for the embedded search engine (not a test, asserts nothing): loads N synthetic
 * events-like documents and prints the load rate and per-query latencies for the query mix the events
 * benchmark uses. Run: `npx tsx adapters/sqlite/src/search/sqlite-search-timing.ts 200000`.
 * A third argument `upsert` loads through plain upserts instead of a rebuild. With KEEP=1 the file is kept
 * and its path printed; REUSE=<path> times queries against such a file without loading again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexDocument, SearchQuery } from '@evently/platform';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

const total = Number(process.argv[2] ?? 200_000);
const viaRebuild = process.argv[3] !== 'upsert';
const reuse = process.env.REUSE;
const dir = mkdtempSync(join(tmpdir(), 'search-timing-'));
const search = createSqliteSearchIndex({ file: reuse ?? join(dir, 'search.sqlite') });

// Shaped like the demo catalogue: titles per category, a city name in every event name, events clustered at
// a few venues per city, so word and city frequencies resemble what the events benchmark queries.
const cities = Array.from({ length: 60 }, (_, i) => ({
  name: `City${i}`,
  country: `C${i % 20}`,
  lat: -40 + ((i * 37) % 100),
  lon: -170 + ((i * 71) % 340),
}));
cities[0] = { name: 'Berlin', country: 'DE', lat: 52.52, lon: 13.405 };
const categories: Record<string, { titles: string[]; tags: string[] }> = {
  music: {
    titles: ['Jazz Night', 'Indie Rock Live', 'Symphony Evening', 'Techno Marathon', 'Acoustic Set', 'Choir Concert'],
    tags: ['music', 'live', 'jazz', 'rock'],
  },
  sports: {
    titles: ['Half Marathon', 'Basketball Derby', 'Open Water Swim', 'Sunrise Yoga', 'Cup Final'],
    tags: ['sports', 'outdoor', 'running'],
  },
  arts: {
    titles: ['Modern Art Opening', 'Poetry Slam', 'Photo Biennale', 'Ballet Gala', 'Street Art Tour'],
    tags: ['art', 'culture', 'theatre'],
  },
  food: {
    titles: ['Street Food Festival', 'Wine Fair', 'Craft Beer Weekend', 'Tapas Crawl', 'Night Market'],
    tags: ['food', 'drinks', 'market'],
  },
  business: {
    titles: ['Founders Breakfast', 'Product Summit', 'Marketing Masterclass', 'Pitch Night'],
    tags: ['business', 'networking'],
  },
  community: {
    titles: ['Language Exchange', 'Board Game Night', 'Neighbourhood Cleanup', 'Singles Mixer'],
    tags: ['community', 'social'],
  },
  education: {
    titles: ['Astronomy Intro', 'Writing Workshop', 'History Lectures', 'Pottery Basics'],
    tags: ['workshop', 'learning'],
  },
  wellness: {
    titles: ['Sound Bath', 'Wellness Retreat', 'Breathwork Circle', 'Rooftop Pilates'],
    tags: ['wellness', 'yoga'],
  },
  tech: {
    titles: ['AI Builders Meetup', 'Web Performance Conf', 'Hackathon Weekend', 'Robotics Expo'],
    tags: ['tech', 'ai'],
  },
  entertainment: {
    titles: ['Comedy Night', 'Magic Show', 'Escape Experience', 'Drag Brunch', 'Open Air Cinema'],
    tags: ['comedy', 'show', 'cinema'],
  },
  other: { titles: ['Vintage Fair', 'Flea Market', 'Car Boot Sale', 'Plant Swap'], tags: ['market', 'vintage'] },
};
const categoryNames = Object.keys(categories);
const words = ['jazz', 'festival', 'comedy', 'market', 'summit', 'yoga', 'techno', 'gala', 'workshop', 'night'];
const moods = ['local favourites', 'international guests', 'a sold-out track record', 'an intimate setting'];
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
const now = Date.now();

function makeDoc(id: number): IndexDocument {
  const city = cities[id % cities.length]!;
  const venue = Math.floor(random() * random() * 8);
  const category = pick(categoryNames);
  const spec = categories[category]!;
  const title = pick(spec.titles);
  const hasPrice = random() > 0.1;
  const minPrice = Math.floor(random() * 200);
  return {
    id: String(id),
    name: `${title} ${city.name}`,
    description: `${title} in ${city.name}, ${city.country}. At venue ${venue} with ${pick(moods)}.`,
    tags: [pick(spec.tags), pick(spec.tags), city.name.toLowerCase()],
    venue: `Venue ${venue} ${city.name}`,
    city: city.name,
    country: city.country,
    category,
    min_price: hasPrice ? minPrice : null,
    max_price: hasPrice ? minPrice + 20 : null,
    popularity: Math.floor(random() * 10000) / 10,
    date: new Date(now + Math.floor(random() * 150 * 86_400_000)).toISOString(),
    location: random() > 0.06 ? { lat: city.lat + venue * 0.013, lon: city.lon - venue * 0.017 } : null,
    image_url: `https://img.example/${id}.jpg`,
  };
}

if (!reuse)
  await search.init({
    name: 'events',
    fields: {
      name: { type: 'text', boost: 4, sortable: true },
      description: { type: 'text' },
      tags: { type: 'text', boost: 2 },
      venue: { type: 'text', boost: 2 },
      city: { type: 'keyword', searchable: true, boost: 2 },
      country: { type: 'keyword' },
      category: { type: 'keyword' },
      min_price: { type: 'number' },
      max_price: { type: 'number' },
      popularity: { type: 'number' },
      date: { type: 'date' },
      location: { type: 'geo' },
    },
  });

if (!reuse) await load();

async function load(): Promise<void> {
  const loadStart = performance.now();
  const batchSize = 5000;
  const writer = viaRebuild ? await search.beginRebuild('events') : null;
  for (let start = 1; start <= total; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, total - start + 1) }, (_, i) => makeDoc(start + i));
    await (writer ? writer.upsert(batch) : search.upsert('events', batch));
  }
  await writer?.commit();
  const loadSeconds = (performance.now() - loadStart) / 1000;
  console.log(
    `loaded ${total} docs ${viaRebuild ? 'via beginRebuild' : 'via upsert'} in ${loadSeconds.toFixed(1)} s = ${Math.round(total / loadSeconds)} docs/s`,
  );
}

// The same shapes the events module sends for the benchmark's query mix (bench/lib/search-mix.ts).
const upcoming = (t: number) => ({ field: 'date', op: 'range' as const, gte: t });
const cityAt = (i: number) => cities[(i * 7) % cities.length]!;
const mix: Record<string, (i: number, t: number) => SearchQuery> = {
  'keyword+city': (i, t) => ({
    text: words[i % words.length],
    filters: [{ field: 'city', op: 'eq', value: cityAt(i).name }, upcoming(t)],
    sort: [{ by: 'relevance' }, { by: 'field', field: 'date', direction: 'asc' }],
  }),
  'nearby 25 km by distance': (i, t) => ({
    near: { field: 'location', lat: cityAt(i).lat + 0.01, lon: cityAt(i).lon - 0.01, radiusKm: 25 },
    filters: [upcoming(t)],
    sort: [{ by: 'distance', direction: 'asc' }],
  }),
  'map bounds 3x4 degrees': (i, t) => ({
    bounds: {
      field: 'location',
      south: cityAt(i).lat - 1.5,
      north: cityAt(i).lat + 1.5,
      west: cityAt(i).lon - 2,
      east: cityAt(i).lon + 2,
    },
    filters: [upcoming(t)],
    sort: [{ by: 'field', field: 'date', direction: 'asc' }],
  }),
  'date range + price': (i, t) => ({
    filters: [
      { field: 'date', op: 'range', gte: t, lt: t + 7 * 86_400_000 },
      { field: 'max_price', op: 'range', gte: 10 },
      { field: 'min_price', op: 'range', lte: 80 },
    ],
    sort: [{ by: 'field', field: 'date', direction: 'asc' }],
  }),
  'popularity sort': (i, t) => ({
    filters: [upcoming(t)],
    sort: [{ by: 'field', field: 'popularity', direction: 'desc' }],
  }),
  'deep page (90%)': (i, t) => ({
    filters: [upcoming(t)],
    sort: [{ by: 'field', field: 'date', direction: 'asc' }],
    offset: Math.floor(total * 0.8) - (i % 10) * 100,
  }),
  'fields 1000 page': (i, t) => ({
    filters: [upcoming(t)],
    sort: [{ by: 'field', field: 'date', direction: 'asc' }],
    offset: ((i * 37) % Math.ceil(total / 1000)) * 1000,
    limit: 1000,
    fields: ['name', 'location', 'category', 'date'],
  }),
};

const runs = 30;
for (const cacheTotals of [false, true]) {
  console.log(
    cacheTotals
      ? '\nsame "now" within a minute (totals cached after first run):'
      : '\n"now" changes every request (no cached totals):',
  );
  for (const [name, build] of Object.entries(mix)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = (cacheTotals ? now - (now % 60_000) : now + i) - 2 * 3_600_000;
      const started = performance.now();
      await search.search('events', build(i, t));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `${name.padEnd(26)} p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms  max ${at(1).padStart(7)} ms`,
    );
  }
}
if (process.env.KEEP) {
  console.log('kept', dir);
  process.exit(0);
}
await search.close();
rmSync(dir, { recursive: true, force: true });
