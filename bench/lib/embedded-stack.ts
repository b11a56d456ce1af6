/**
 * The embedded profile's engines on one DATA_DIR, with the events module, as both benchmark processes build
 * them (the api process and the projector worker open the same files, like `npm start`'s api/worker roles).
 */
import path from 'node:path';
import { createSqliteDocumentStore, createSqliteEventBus, createSqliteSearchIndex } from '@evently/sqlite';
import { silentLogger, systemClock } from '@evently/platform';
import { createEventsModule, eventsOptionsFromEnv } from '@evently/events';
import { activityFlushMsFor } from '../../backend/src/activity-flush.ts';
import { createMailer } from '@evently/mail';

export interface EmbeddedStackOptions {
  /**
   * Opened as a serving role (`api`, `all`) opens them in production (backend/src/adapters.ts): WAL checkpoints
   * by a worker thread, never on a commit of the thread that answers requests. The processes that only write
   * (the projector worker, the feed writer) checkpoint on commit, as production's worker and ingestion roles do.
   */
  serving?: boolean;
}

export async function openEmbeddedStack(dataDir: string, { serving = false }: EmbeddedStackOptions = {}) {
  const logger = silentLogger();
  const onFailure = (error: Error) =>
    process.stderr.write(`WAL checkpoint thread failed; the writers checkpoint on commit again: ${error.message}\n`);
  const checkpoints = serving ? { backgroundCheckpoints: { onFailure } } : {};
  const store = await createSqliteDocumentStore({ file: path.join(dataDir, 'evently.db'), ...checkpoints });
  const bus = await createSqliteEventBus({ store, pollIntervalMs: 50 });
  // SEARCH_READER_THREADS=0 measures the in-thread search for comparison; unset, the adapter's default.
  const threads = process.env.SEARCH_READER_THREADS;
  const search = createSqliteSearchIndex({
    file: path.join(dataDir, 'search.db'),
    readerThreads: threads === undefined ? undefined : Number(threads),
    ...checkpoints,
  });
  const events = createEventsModule(
    {
      store,
      bus,
      search,
      clock: systemClock,
      logger,
      requireAdmin: async (_ctx, next) => next(),
      publicUrl: 'http://localhost',
      dataDir,
      openMailer: createMailer,
    },
    // Views and clicks are counted as the composed api counts them on this store.
    { ...eventsOptionsFromEnv({}), activityFlushMs: activityFlushMsFor(store.engine) },
  );
  await store.init(events.collections);
  await bus.init(events.topics);
  for (const schema of events.searchSchemas) await search.init(schema);
  return {
    logger,
    store,
    bus,
    search,
    events,
    async close() {
      await bus.close();
      await search.close();
      await store.close();
    },
  };
}
