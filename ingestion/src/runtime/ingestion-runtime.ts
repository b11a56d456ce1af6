/**
 * What `npm run ingest` and the benchmark boot: the same adapters the backend picks for the same environment
 * (SQLite files under DATA_DIR unless MONGODB_URI / KAFKA_BROKERS / ELASTICSEARCH_URL select production
 * engines), the real events module on them, and the ingestion collections. On the embedded profile it also
 * runs the outbox relay and the projectors, so a CLI run leaves its events searchable before it exits; in
 * production the `worker` process does that.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import {
  createKafkaEventBus,
  createMongoDocumentStore,
  createOutboxRelay,
  createProjectorRunner,
  createSqliteDocumentStore,
  createSqliteEventBus,
  createSqliteSearchIndex,
  systemClock,
  type Clock,
  type Delivered,
  type DocumentStore,
  type EventBus,
  type ModuleDeps,
  type Projector,
  type SearchIndex,
} from '@evently/platform';
import { createEventsModule, eventsOptionsFromEnv, type EventsModule } from '@evently/events';
import { eventsWriterFrom, type EventsWriter } from '../events-writer.ts';
import { INGESTION_COLLECTIONS } from '../runner/collections.ts';

export interface IngestionRuntime {
  store: DocumentStore;
  bus: EventBus;
  search: SearchIndex;
  events: EventsModule;
  writer: EventsWriter;
  /** True when this process projects what it writes (embedded profile). */
  projecting: boolean;
  /** Resolves once everything committed so far is searchable (embedded profile; no-op otherwise). */
  drained(): Promise<void>;
  close(): Promise<void>;
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export async function openIngestionRuntime(options: {
  env?: Record<string, string | undefined>;
  logger: Logger;
  clock?: Clock;
  /** Called after a projector has applied a batch (the benchmark measures projection lag with it). */
  onProjected?: (batch: Delivered[]) => void;
}): Promise<IngestionRuntime> {
  const env = options.env ?? process.env;
  const { logger } = options;
  const dataDir = path.resolve(blank(env.DATA_DIR) ?? './data');
  const mongoUri = blank(env.MONGODB_URI);
  const kafkaBrokers = blank(env.KAFKA_BROKERS)?.split(',').map((broker) => broker.trim()).filter(Boolean);
  const elasticsearchUrl = blank(env.ELASTICSEARCH_URL);

  const store = mongoUri ? await createMongoDocumentStore({ uri: mongoUri }) : await createSqliteDocumentStore({ file: path.join(dataDir, 'evently.db') });
  const bus = kafkaBrokers?.length
    ? await createKafkaEventBus({ brokers: kafkaBrokers, clientId: 'evently-ingestion' })
    : store.engine === 'sqlite'
      ? await createSqliteEventBus({ store })
      : await createSqliteEventBus({ file: path.join(dataDir, 'event-log.db') });
  if (elasticsearchUrl) {
    // The platform does not export its Elasticsearch adapter yet; refusing beats indexing into the wrong engine.
    throw new Error('ELASTICSEARCH_URL is set, but this build of the platform has no Elasticsearch adapter to open');
  }
  const search = createSqliteSearchIndex({ file: path.join(dataDir, 'search.db') });

  const deps: ModuleDeps = {
    store,
    bus,
    search,
    clock: options.clock ?? systemClock,
    logger,
    // The ingestion process serves no HTTP; nothing here may pass an admin check.
    requireAdmin: async (ctx) => {
      ctx.status = 401;
    },
    publicUrl: blank(env.PUBLIC_URL) ?? 'http://localhost:3000',
    dataDir,
  };
  const events = createEventsModule(deps, eventsOptionsFromEnv(env));
  await store.init([...events.collections, ...INGESTION_COLLECTIONS]);
  await bus.init(events.topics);
  for (const schema of events.searchSchemas) await search.init(schema);

  const projecting = store.engine === 'sqlite' && bus.engine === 'sqlite';
  const relay = projecting ? createOutboxRelay({ outbox: store.outbox, bus, logger: logger.child({ component: 'outbox-relay' }) }) : null;
  const onProjected = options.onProjected;
  const observed: Projector[] = onProjected
    ? events.projectors.map((projector) => ({
        ...projector,
        async apply(batch) {
          await projector.apply(batch);
          onProjected(batch);
        },
      }))
    : events.projectors;
  const projectors = projecting ? createProjectorRunner({ bus, projectors: observed, logger: logger.child({ component: 'projectors' }) }) : null;
  relay?.start();
  await projectors?.start();

  let closing: Promise<void> | undefined;
  return {
    store,
    bus,
    search,
    events,
    writer: eventsWriterFrom(events),
    projecting,
    async drained() {
      await relay?.flush();
      await projectors?.drained();
    },
    close() {
      closing ??= (async () => {
        await projectors?.stop();
        await relay?.stop();
        await events.close?.();
        await bus.close();
        await search.close();
        await store.close();
      })();
      return closing;
    },
  };
}
