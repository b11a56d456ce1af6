/**
 * The benchmark's server process: the embedded profile (SQLite store + shared log + SQLite search index) with
 * the events module, loaded with N generated events through `seed` (the same batched upsertFromSource path as
 * ingestion), then served over HTTP on 127.0.0.1. It runs apart from the load generator so the two do not
 * share an event loop. Talks to the parent with `BENCH {json}` lines on stdout; reads commands on stdin.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Koa from 'koa';
import {
  createOutboxRelay,
  createProjectorRunner,
  createSqliteDocumentStore,
  createSqliteEventBus,
  createSqliteSearchIndex,
  HttpError,
  silentLogger,
  systemClock,
} from '@evently/platform';
import { createEventsModule, eventsOptionsFromEnv } from '@evently/events';
import { numberArg } from './args.ts';

const say = (message: Record<string, unknown>) => process.stdout.write(`BENCH ${JSON.stringify(message)}\n`);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
sampler.unref();

const count = numberArg(process.argv, 'events', 100_000);
const dataDir = await mkdtemp(path.join(tmpdir(), 'evently-bench-'));
const logger = silentLogger();
const store = await createSqliteDocumentStore({ file: path.join(dataDir, 'evently.db') });
const bus = await createSqliteEventBus({ store });
const search = createSqliteSearchIndex({ file: path.join(dataDir, 'search.db') });
const events = createEventsModule(
  { store, bus, search, clock: systemClock, logger, requireAdmin: async (_ctx, next) => next(), publicUrl: 'http://localhost', dataDir },
  eventsOptionsFromEnv({}),
);
await store.init(events.collections);
await bus.init(events.topics);
for (const schema of events.searchSchemas) await search.init(schema);
await events.init?.();
const relay = createOutboxRelay({ outbox: store.outbox, bus, logger });
const runner = createProjectorRunner({ bus, projectors: events.projectors, logger, maxBatch: 2000 });

// Load: writes and projection overlap (the runner consumes the log while batches commit), as in production.
const loadStarted = performance.now();
relay.start();
await runner.start();
let lastReport = 0;
await events.seed(count, (done) => {
  if (done - lastReport >= 50_000 || done === count) {
    lastReport = done;
    say({ type: 'progress', written: done, seconds: (performance.now() - loadStarted) / 1000 });
  }
});
const writtenAt = performance.now();
await runner.drained();
const searchableAt = performance.now();
say({
  type: 'loaded',
  events: count,
  write_seconds: (writtenAt - loadStarted) / 1000,
  searchable_seconds: (searchableAt - loadStarted) / 1000,
  events_per_second: count / ((searchableAt - loadStarted) / 1000),
  rss_after_load: process.memoryUsage().rss,
});

// Some activity, so popularity has an order to sort by (views go through the bus like real ones).
for (let i = 0; i < 2000; i++) await events.commands.recordView(String(1 + Math.floor(Math.random() * count)));
await runner.drained();

const app = new Koa();
app.use(async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    ctx.status = error.status;
    ctx.body = { error: error.message };
  }
});
for (const router of events.routers) app.use(router.routes()).use(router.allowedMethods());
const server = app.listen(0, '127.0.0.1');
await once(server, 'listening');
say({ type: 'listening', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'stats') {
    say({ type: 'stats', peak_rss: Math.max(peakRss, process.memoryUsage().rss), max_rss_os: process.resourceUsage().maxRSS * 1024 });
  }
  if (line === 'exit') break;
}
server.closeAllConnections();
server.close();
await runner.stop();
await relay.stop();
await bus.close();
await search.close();
await store.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
