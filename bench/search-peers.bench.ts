/**
 * `npm run bench:search:peers` (options: `USAGE` below)
 *
 * Our embedded engine beside Orama on the same events: the documents of a seeded DATA_DIR's search index
 * (`npm run seed -- --events N`) are loaded into Orama in this process, then each query type runs
 * `--requests` times on both, one caller, in the process. Prints per type both engines' p50/p95, the ratio
 * (Orama / ours) and in how many requests the totals agree, with the load average before and after, and
 * writes the figures under bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { FilterClause, SearchQuery } from '@evently/platform';
import { CATEGORIES, DEMO_CITIES, EVENTS_INDEX } from '@evently/events';
import { existingDirArg, numberArg, subsetArg } from './lib/args.ts';
import { openEmbeddedStack } from './lib/embedded-stack.ts';
import { summarise } from './lib/latency.ts';
import { runBench, UsageError } from './lib/run-bench.ts';
import { createOramaPeer, oramaSearch, TEXT_PROPERTIES } from './lib/orama-peer.ts';

const USAGE = 'npm run bench:search:peers -- --data-dir /tmp/x/data [--requests 20] [--only a,b]';

runBench('bench:search:peers', USAGE, async (scope) => {
  const args = process.argv.slice(2);
  const dataDir = existingDirArg(args, 'data-dir');
  if (!dataDir) throw new UsageError('--data-dir <DATA_DIR of a seeded catalogue> is required');
  const requests = numberArg(args, 'requests', 20);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ');
  const root = path.resolve(import.meta.dirname, '..');

  process.env.SEARCH_READER_THREADS ??= '0';
  const stack = scope.closing('the embedded stack', await openEmbeddedStack(dataDir));
  const ours = stack.search;
  const total = await ours.count(EVENTS_INDEX, {});
  console.log(
    `bench:search:peers: ${total} events from ${dataDir}, ${requests} requests per type, load average ${load()}`,
  );
  async function* documents() {
    for await (const hits of ours.scan(EVENTS_INDEX, { sort: [] }, 5000)) yield hits.map((hit) => hit.source);
  }
  const peer = await createOramaPeer(documents());
  console.log(
    `orama: ${peer.loaded} documents loaded in ${peer.seconds.toFixed(1)} s, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`,
  );

  // The listing's default "upcoming" bound, as the app sends it (two hours back, to the minute).
  const cutoff = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60_000;
  const upcoming: FilterClause = { field: 'start', op: 'range', gte: cutoff };
  const KEYWORDS = ['jazz', 'festival', 'comedy', 'market', 'summit', 'yoga', 'techno', 'gala', 'workshop', 'night'];
  const CONTINENTS: Array<[number, number, number, number]> = [
    [35, 60, -10, 30],
    [25, 50, -125, -70],
    [0, 45, 70, 140],
    [-40, 5, -80, -35],
  ];
  const city = (i: number) => DEMO_CITIES[(i * 7) % DEMO_CITIES.length]!;
  const box = (south: number, north: number, west: number, east: number) => ({
    ours: { field: 'location', south, north, west, east },
    orama: {
      polygon: {
        coordinates: [
          { lat: south, lon: west },
          { lat: south, lon: east },
          { lat: north, lon: east },
          { lat: north, lon: west },
          { lat: south, lon: west },
        ],
      },
    },
  });

  interface Case {
    ours: () => Promise<number>;
    orama: () => Promise<number>;
  }
  const oursTotal = async (query: SearchQuery) => (await ours.search(EVENTS_INDEX, { limit: 100, ...query })).total;
  const oramaTotal = async (params: Record<string, unknown>) =>
    (await oramaSearch(peer.db, { limit: 100, ...params } as never)).count;

  /** Upcoming events inside a box, soonest first, asked of both engines. */
  const upcomingInBox = (area: ReturnType<typeof box>): Case => ({
    ours: () =>
      oursTotal({ bounds: area.ours, filters: [upcoming], sort: [{ by: 'field', field: 'start', direction: 'asc' }] }),
    orama: () =>
      oramaTotal({
        where: { location: area.orama, start: { gte: cutoff } },
        sortBy: { property: 'start', order: 'ASC' },
      }),
  });

  const cases: Record<string, (i: number) => Case> = {
    keyword_only: (i) => ({
      ours: () =>
        oursTotal({
          text: KEYWORDS[i % KEYWORDS.length],
          filters: [upcoming],
          sort: [{ by: 'relevance' }, { by: 'field', field: 'start', direction: 'asc' }],
        }),
      orama: () =>
        oramaTotal({
          term: KEYWORDS[i % KEYWORDS.length],
          properties: TEXT_PROPERTIES,
          where: { start: { gte: cutoff } },
        }),
    }),
    category_price_by_price: (i) => {
      const category = CATEGORIES[i % CATEGORIES.length]!;
      return {
        ours: () =>
          oursTotal({
            filters: [
              upcoming,
              { field: 'category', op: 'eq', value: category },
              { field: 'price_usd_max', op: 'range', gte: 10 },
              { field: 'price_usd_min', op: 'range', lte: 80 },
            ],
            sort: [{ by: 'field', field: 'price_usd_min', direction: 'asc' }],
          }),
        orama: () =>
          oramaTotal({
            where: {
              start: { gte: cutoff },
              category: { eq: category },
              price_usd_max: { gte: 10 },
              price_usd_min: { lte: 80 },
            },
            sortBy: { property: 'price_usd_min', order: 'ASC' },
          }),
      };
    },
    continent_box: (i) => upcomingInBox(box(...CONTINENTS[i % CONTINENTS.length]!)),
    city_box: (i) => {
      const c = city(i);
      return upcomingInBox(box(c.latitude - 1.5, c.latitude + 1.5, c.longitude - 2, c.longitude + 2));
    },
    near_25km_by_distance: (i) => {
      const c = city(i);
      return {
        ours: () =>
          oursTotal({
            near: { field: 'location', lat: c.latitude, lon: c.longitude, radiusKm: 25 },
            filters: [upcoming],
            sort: [{ by: 'distance', direction: 'asc' }],
          }),
        // Orama returns geo matches nearest first when no other order is asked for.
        orama: () =>
          oramaTotal({
            where: {
              location: { radius: { coordinates: { lat: c.latitude, lon: c.longitude }, value: 25, unit: 'km' } },
              start: { gte: cutoff },
            },
          }),
      };
    },
    keyword_city_30_days: (i) => {
      const keyword = KEYWORDS[i % KEYWORDS.length]!;
      const name = city(i).name;
      const to = cutoff + 30 * 86_400_000;
      return {
        ours: () =>
          oursTotal({
            text: keyword,
            filters: [
              { field: 'city', op: 'eq', value: name },
              { field: 'start', op: 'range', gte: cutoff, lte: to },
            ],
            sort: [{ by: 'relevance' }, { by: 'field', field: 'start', direction: 'asc' }],
          }),
        orama: () =>
          oramaTotal({
            term: keyword,
            properties: TEXT_PROPERTIES,
            where: { city: { eq: name }, start: { between: [cutoff, to] } },
          }),
      };
    },
    facets_country_city_category: () => ({
      ours: async () => {
        const facets = await ours.facets(EVENTS_INDEX, {
          terms: ['country', 'city', 'category'],
          filters: [upcoming],
          size: 5000,
        });
        return facets.terms.city?.length ?? 0;
      },
      orama: async () => {
        const result = await oramaSearch(peer.db, {
          limit: 0,
          where: { start: { gte: cutoff } },
          facets: { country: {}, city: { limit: 5000 }, category: {} },
        } as never);
        return Object.keys(result.facets?.city?.values ?? {}).length;
      },
    }),
  };

  const time = async (run: () => Promise<number>) => {
    const started = performance.now();
    const value = await run();
    return { ms: performance.now() - started, value };
  };
  const results: Record<string, unknown> = {};
  console.log(
    `${'query type'.padEnd(30)} ${'ours p50/p95 ms'.padStart(18)} ${'orama p50/p95 ms'.padStart(18)} ${'orama/ours p50'.padStart(15)}  totals agree`,
  );
  // Checked once the cases exist, which needs the loaded catalogue: a typo fails here rather than running nothing.
  const only = subsetArg(args, 'only', Object.keys(cases));
  for (const [name, make] of Object.entries(cases)) {
    if (only && !only.has(name)) continue;
    await make(0).ours();
    await make(0).orama();
    const oursMs: number[] = [];
    const oramaMs: number[] = [];
    let agree = 0;
    for (let i = 1; i <= requests; i++) {
      const c = make(i);
      const a = await time(c.ours);
      const b = await time(c.orama);
      oursMs.push(a.ms);
      oramaMs.push(b.ms);
      if (a.value === b.value) agree++;
    }
    const o = summarise(oursMs, 0, 1);
    const p = summarise(oramaMs, 0, 1);
    results[name] = {
      ours: o,
      orama: p,
      ratio_p50: Math.round((p.p50_ms / o.p50_ms) * 10) / 10,
      totals_agree: `${agree}/${requests}`,
    };
    console.log(
      `${name.padEnd(30)} ${`${o.p50_ms} / ${o.p95_ms}`.padStart(18)} ${`${p.p50_ms} / ${p.p95_ms}`.padStart(18)} ${`${(p.p50_ms / o.p50_ms).toFixed(1)}x`.padStart(15)}  ${agree}/${requests}`,
    );
  }
  await stack.close();
  console.log(`load average after: ${load()}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(
    root,
    'bench/results',
    `search-peers-${total}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: 'search-peers', events: total, requests, orama_load_seconds: peer.seconds, results }, null, 2)}\n`,
  );
  console.log(`results written to ${path.relative(root, file)}`);
});
