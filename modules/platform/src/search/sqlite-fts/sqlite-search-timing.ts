/**
 * A local timing script for the embedded search engine (not a test, asserts nothing): loads N synthetic
 * events-like documents and prints the load rate and per-query latencies for the query mix the events
 * benchmark uses. Run: `npx tsx modules/platform/src/search/sqlite-fts/sqlite-search-timing.ts 200000`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexDocument, SearchQuery } from '../search-index.port.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

const total = Number(process.argv[2] ?? 200_000);
const viaRebuild = process.argv[3] !== 'upsert';
const dir = mkdtempSync(join(tmpdir(), 'search-timing-'));
const search = createSqliteSearchIndex({ file: join(dir, 'search.sqlite') });

const cities = Array.from({ length: 60 }, (_, i) => ({
  name: `City${i}`,
  country: `C${i % 20}`,
  lat: -40 + ((i * 37) % 100),
  lon: -170 + ((i * 71) % 340),
}));
cities[0] = { name: 'Berlin', country: 'DE', lat: 52.52, lon: 13.405 };
const words = 'jazz rock festival night open air concert theatre comedy market food wine beer art gallery tour museum dance club techno opera ballet family kids outdoor run marathon yoga film cinema poetry reading'.split(' ');
const categories = ['music', 'nightlife', 'culture', 'sports', 'food', 'family', 'education', 'art', 'film', 'other'];
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
const now = Date.now();

function makeDoc(id: number): IndexDocument {
  const city = pick(cities);
  const name = `${pick(words)} ${pick(words)} ${pick(words)}`;
  const hasPrice = random() > 0.1;
  const minPrice = Math.floor(random() * 200);
  return {
    id: String(id),
    name,
    description: `${name} with ${pick(words)} and ${pick(words)} in the heart of ${city.name}, ${Array.from({ length: 12 }, () => pick(words)).join(' ')}`,
    tags: [pick(words), pick(words)],
    venue: `${pick(words)} hall`,
    city: city.name,
    country: city.country,
    category: pick(categories),
    min_price: hasPrice ? minPrice : null,
    max_price: hasPrice ? minPrice + 20 : null,
    popularity: Math.floor(random() * 10000) / 10,
    date: new Date(now - 30 * 86_400_000 + Math.floor(random() * 395 * 86_400_000)).toISOString(),
    location: random() > 0.03 ? { lat: city.lat + (random() - 0.5) * 0.4, lon: city.lon + (random() - 0.5) * 0.4 } : null,
    image_url: `https://img.example/${id}.jpg`,
  };
}

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

const loadStart = performance.now();
const batchSize = 5000;
const writer = viaRebuild ? await search.beginRebuild('events') : null;
for (let start = 1; start <= total; start += batchSize) {
  const batch = Array.from({ length: Math.min(batchSize, total - start + 1) }, (_, i) => makeDoc(start + i));
  await (writer ? writer.upsert(batch) : search.upsert('events', batch));
}
await writer?.commit();
const loadSeconds = (performance.now() - loadStart) / 1000;
console.log(`loaded ${total} docs ${viaRebuild ? 'via beginRebuild' : 'via upsert'} in ${loadSeconds.toFixed(1)} s = ${Math.round(total / loadSeconds)} docs/s`);

const upcoming = (t: number) => ({ field: 'date', op: 'range' as const, gte: t });
const mix: Record<string, (i: number, t: number) => SearchQuery> = {
  'keyword+city': (i, t) => ({ text: pick(words), filters: [upcoming(t), { field: 'city', op: 'eq', value: 'Berlin' }], sort: [{ by: 'field', field: 'date', direction: 'asc' }] }),
  'nearby 25 km by distance': (i, t) => ({ near: { field: 'location', lat: 52.52, lon: 13.405, radiusKm: 25 }, filters: [upcoming(t)], sort: [{ by: 'distance', direction: 'asc' }] }),
  'map bounds': (i, t) => ({ bounds: { field: 'location', south: 52.3, north: 52.7, west: 13.1, east: 13.7 }, filters: [upcoming(t)], sort: [{ by: 'field', field: 'date', direction: 'asc' }] }),
  'date range + price': (i, t) => ({ filters: [{ field: 'date', op: 'range', gte: t, lt: t + 7 * 86_400_000 }, { field: 'min_price', op: 'range', gte: 10, lte: 50 }], sort: [{ by: 'field', field: 'date', direction: 'asc' }] }),
  'popularity sort': (i, t) => ({ filters: [upcoming(t)], sort: [{ by: 'field', field: 'popularity', direction: 'desc' }] }),
  'deep page': (i, t) => ({ filters: [upcoming(t)], sort: [{ by: 'field', field: 'date', direction: 'asc' }], offset: 5000 + i * 100 }),
  'fields 1000 page': (i, t) => ({ filters: [upcoming(t), { field: 'location', op: 'exists', exists: true }], sort: [{ by: 'field', field: 'date', direction: 'asc' }], offset: i * 1000, limit: 1000, fields: ['name', 'location', 'category', 'date'] }),
};

const runs = 40;
for (const cacheTotals of [false, true]) {
  console.log(cacheTotals ? '\nsame "now" within a minute (totals cached after first run):' : '\n"now" changes every request (no cached totals):');
  for (const [name, build] of Object.entries(mix)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = cacheTotals ? now - (now % 60_000) : now + i;
      const started = performance.now();
      await search.search('events', build(i, t));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(26)} p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms  max ${at(1).padStart(7)} ms`);
  }
}
if (process.env.KEEP) { console.log("kept", dir); process.exit(0); }
await search.close();
rmSync(dir, { recursive: true, force: true });
