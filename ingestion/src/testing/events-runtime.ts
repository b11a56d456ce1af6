/**
 * The real events module on the embedded engines in a temp directory, with its projector running, for
 * integration tests: what ingestion writes goes through the module's commands, the outbox and the log into
 * the SQLite search index, exactly as in `npm start`.
 */
import type { Middleware } from 'koa';
import {
  createOutboxRelay,
  createProjectorRunner,
  silentLogger,
  systemClock,
  type Clock,
  type DocumentStore,
  type SearchIndex,
} from '@evently/platform';
import { createSqliteDocumentStore, createSqliteEventBus, createSqliteSearchIndex } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';
import { createEventsModule, eventsOptionsFromEnv, type EventsModule } from '@evently/events';
import { join } from 'node:path';
import { INGESTION_COLLECTIONS } from '../runner/collections.ts';
import { createMailer } from '@evently/mail';

export interface EventsRuntime {
  dataDir: string;
  store: DocumentStore;
  search: SearchIndex;
  events: EventsModule;
  /** Resolves once everything committed so far is in the search index. */
  drained(): Promise<void>;
  close(): Promise<void>;
}

const denyAll: Middleware = async (ctx) => {
  ctx.status = 401;
};

export async function startEventsRuntime(options: { clock?: Clock; dataDir?: string } = {}): Promise<EventsRuntime> {
  const temp = options.dataDir ? null : await createTempDataDir('evently-ingestion-');
  const dataDir = options.dataDir ?? temp!.dir;
  const logger = silentLogger();
  const store = await createSqliteDocumentStore({ file: join(dataDir, 'evently.db') });
  const bus = await createSqliteEventBus({ store });
  const search = createSqliteSearchIndex({ file: join(dataDir, 'search.db') });
  const events = createEventsModule(
    {
      store,
      bus,
      search,
      clock: options.clock ?? systemClock,
      logger,
      requireAdmin: denyAll,
      publicUrl: 'http://127.0.0.1',
      dataDir,
      openMailer: createMailer,
    },
    eventsOptionsFromEnv({}),
  );
  await store.init([...events.collections, ...INGESTION_COLLECTIONS]);
  await bus.init(events.topics);
  for (const schema of events.searchSchemas) await search.init(schema);
  const relay = createOutboxRelay({ outbox: store.outbox, bus, logger });
  const projectors = createProjectorRunner({ bus, projectors: events.projectors, logger });
  relay.start();
  await projectors.start();
  return {
    dataDir,
    store,
    search,
    events,
    async drained() {
      await relay.flush();
      await projectors.drained();
    },
    async close() {
      await projectors.stop();
      await relay.stop();
      await bus.close();
      await search.close();
      await store.close();
      await temp?.remove();
    },
  };
}
