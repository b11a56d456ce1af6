/**
 * Test wiring for the events module on the real embedded engines: SQLite store, the store-shared SQLite
 * event log, a SearchIndex (SQLite by default, or one the caller supplies, e.g. Elasticsearch), the outbox
 * relay and projector runner, and optionally a real HTTP server on 127.0.0.1 serving the module's routers.
 */
import {
  createOutboxRelay,
  createProjectorRunner,
  fixedClock,
  silentLogger,
  type SearchIndex,
} from '@evently/platform';
import { createSqliteDocumentStore, createSqliteEventBus, createSqliteSearchIndex } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';
import { serveRouters, type ServedRouters } from '@evently/testkit';
import { createEventsModule } from '../events-module.ts';
import type { EventsOptions } from '../events-options.ts';
import { NO_AFFILIATE_PROGRAMS } from '../domain/affiliate-links.ts';
import { createMailer } from '@evently/mail';

export interface HarnessOptions {
  now?: string;
  search?: SearchIndex;
  options?: Partial<EventsOptions>;
}

export async function createEventsHarness(harness: HarnessOptions = {}) {
  const temp = await createTempDataDir('evently-events-');
  const clock = fixedClock(harness.now ?? '2026-11-21T10:00:00.000Z');
  const logger = silentLogger();
  const store = await createSqliteDocumentStore({ file: `${temp.dir}/evently.db`, clock });
  const bus = await createSqliteEventBus({ store, pollIntervalMs: 20 });
  const search = harness.search ?? createSqliteSearchIndex({ file: `${temp.dir}/search.db` });
  const module = createEventsModule(
    {
      store,
      bus,
      search,
      clock,
      logger,
      requireAdmin: async (_ctx, next) => next(),
      publicUrl: 'http://localhost',
      dataDir: temp.dir,
      openMailer: createMailer,
    },
    { affiliate: NO_AFFILIATE_PROGRAMS, trustedProxies: null, ...harness.options },
  );
  await store.init(module.collections);
  await bus.init(module.topics);
  for (const schema of module.searchSchemas) await search.init(schema);
  await module.init?.();
  const relay = createOutboxRelay({ outbox: store.outbox, bus, logger });
  relay.start();
  const runner = createProjectorRunner({ bus, projectors: module.projectors, logger });
  await runner.start();

  let served: ServedRouters | null = null;

  return {
    module,
    store,
    bus,
    search,
    clock,
    runner,
    /** Waits until the search index reflects every change made so far. */
    settle: () => runner.drained(),
    /** Serves the module's routers the way the app does (HttpError -> status + `{ error }`). */
    async serve(): Promise<string> {
      served = await serveRouters(module.routers);
      return served.url;
    },
    async close() {
      await served?.close();
      await runner.stop();
      await relay.stop();
      await bus.close();
      await search.close();
      await store.close();
      await temp.remove();
    },
  };
}

export type EventsHarness = Awaited<ReturnType<typeof createEventsHarness>>;
