/**
 * `npm run bench:ingest -- --events 100000 [--page-size 200]`
 *
 * A local simulator serves N events in Ticketmaster Discovery format (time windows and deep-paging limit
 * included); the real ingestion runner reads them through HTTP into the real events module on the embedded
 * profile (SQLite store + outbox log + FTS5/R*Tree search), with the projector running in the same process.
 *
 * Reports events per second from the first request until every event is searchable, and the projection lag
 * (page committed -> its events counted in the search index) p50/p99. The API's 5 requests/second limit is
 * lifted here: it measures our pipeline, not Ticketmaster's quota (at 5 req/s x 200 events the API itself
 * caps a live run near 1,000 events/s). Writes the figures to bench/results/ingest.json.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { silentLogger } from '@evently/platform';
import { EVENTS_INDEX } from '@evently/events';
import {
  createTicketmasterSource,
  generateTicketmasterEvents,
  openIngestionRuntime,
  runSource,
  startFeedSimulator,
} from '@evently/ingestion';

const { values } = parseArgs({ options: { events: { type: 'string', default: '100000' }, 'page-size': { type: 'string', default: '200' } } });
const total = Number(values.events);
const pageSize = Number(values['page-size']);
if (!Number.isInteger(total) || total <= 0) throw new Error('--events must be a positive whole number');

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

console.log(`generating ${total} Ticketmaster events...`);
const events = generateTicketmasterEvents({ count: total, from: new Date(Date.now() + 86_400_000), spanDays: 360, seed: 42 });
const simulator = await startFeedSimulator({ ticketmasterApiKey: 'bench' });
simulator.setTicketmasterEvents(events);
events.length = 0;

const dataDir = await mkdtemp(join(tmpdir(), 'evently-bench-ingest-'));
const runtime = await openIngestionRuntime({ env: { DATA_DIR: dataDir }, logger: silentLogger() });

// Page commits waiting to become searchable: [events written so far, commit time].
const pending: Array<{ written: number; at: number }> = [];
const lags: number[] = [];
let searchable = 0;
let polling = true;
const poller = (async () => {
  while (polling || pending.length > 0) {
    searchable = await runtime.search.count(EVENTS_INDEX, {});
    const now = performance.now();
    while (pending.length > 0 && (pending[0]?.written ?? Infinity) <= searchable) lags.push(now - (pending.shift()?.at ?? now));
    if (!polling && searchable >= total) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();

const memoryBefore = process.memoryUsage().rss;
const started = performance.now();
const result = await runSource(
  { store: runtime.store, events: runtime.writer, logger: silentLogger() },
  createTicketmasterSource({ baseUrl: simulator.ticketmasterBaseUrl, apiKey: 'bench', requestsPerSecond: 0, pageSize }),
  {
    onProgress: (progress) => {
      const written = progress.counts.created + progress.counts.updated + progress.counts.unchanged;
      pending.push({ written, at: performance.now() });
    },
  },
);
const fetchedAt = performance.now();
await runtime.drained();
polling = false;
await poller;
const searchableAt = performance.now();

const seconds = (searchableAt - started) / 1000;
const sortedLags = lags.sort((a, b) => a - b);
const figures = {
  events: total,
  page_size: pageSize,
  requests: simulator.requests.length,
  status: result.status,
  counts: result.counts,
  fetch_and_write_seconds: Number(((fetchedAt - started) / 1000).toFixed(2)),
  until_searchable_seconds: Number(seconds.toFixed(2)),
  events_per_second: Math.round(total / seconds),
  projection_lag_ms: { p50: Math.round(percentile(sortedLags, 50)), p99: Math.round(percentile(sortedLags, 99)), samples: sortedLags.length },
  searchable,
  rss_growth_mb: Math.round((process.memoryUsage().rss - memoryBefore) / 1_048_576),
  node: process.version,
  at: new Date().toISOString(),
};
console.log(JSON.stringify(figures, null, 2));
console.log(
  `${total} events: ${figures.events_per_second} events/s until searchable (${figures.until_searchable_seconds} s, ${figures.requests} requests); ` +
    `projection lag p50 ${figures.projection_lag_ms.p50} ms, p99 ${figures.projection_lag_ms.p99} ms`,
);
const resultsDir = join(import.meta.dirname, 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(join(resultsDir, 'ingest.json'), `${JSON.stringify(figures, null, 2)}\n`);

await runtime.close();
await simulator.close();
await rm(dataDir, { recursive: true, force: true });
if (searchable !== total || result.status !== 'completed') process.exitCode = 1;
