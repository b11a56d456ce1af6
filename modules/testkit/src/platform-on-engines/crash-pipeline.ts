/**
 * The write -> outbox -> bus -> projector pipeline as the crash-safety test runs it, both in the child that
 * gets SIGKILLed and in the test that reopens the same files afterwards. The read model lives in its own
 * SQLite file (as the search index does), and its projector keeps only the newest aggregate version.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { pino } from 'pino';
import {
  type Delivered,
  type EventBus,
  createOutboxRelay,
  type OutboxRelay,
  createProjectorRunner,
  type ProjectorRunner,
  type Projector,
  type DocumentStore,
} from '@evently/platform';
import { createSqliteEventBus, createSqliteDocumentStore } from '@evently/sqlite';

export const thingsTopic = 'crash.things';

/** `shared`: the bus shares the store's file (outbox is the log). `relay`: a separate log fed by the relay. */
export type PipelineMode = 'shared' | 'relay';

export interface Thing {
  title: string;
}

export interface Pipeline {
  store: DocumentStore;
  bus: EventBus;
  relay: OutboxRelay;
  runner: ProjectorRunner;
  readModel: Database.Database;
  close(): Promise<void>;
}

export async function openPipeline(
  dataDir: string,
  mode: PipelineMode,
  options: { slowProjector: boolean },
): Promise<Pipeline> {
  const logger = pino({ level: 'silent' });
  const store = await createSqliteDocumentStore({ file: join(dataDir, 'evently.db') });
  await store.init([{ name: 'things' }]);
  const bus =
    mode === 'shared'
      ? await createSqliteEventBus({ store })
      : await createSqliteEventBus({ file: join(dataDir, 'log.db') });
  const relay = createOutboxRelay({ outbox: store.outbox, bus, logger });

  const readModel = new Database(join(dataDir, 'read-model.db'));
  readModel.pragma('journal_mode = WAL');
  readModel.pragma('synchronous = NORMAL');
  readModel.exec(
    'CREATE TABLE IF NOT EXISTS things_view (id TEXT PRIMARY KEY, version INTEGER NOT NULL, title TEXT NOT NULL)',
  );
  const upsert = readModel.prepare(`INSERT INTO things_view (id, version, title) VALUES (?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET version = excluded.version, title = excluded.title WHERE excluded.version > things_view.version`);
  const applyBatch = readModel.transaction((batch: Delivered[]) => {
    for (const item of batch) upsert.run(item.key, item.aggregate_version, (item.data as Thing).title);
  });
  const projector: Projector = {
    name: 'things-view',
    topics: [thingsTopic],
    async apply(batch) {
      applyBatch(batch);
      // The slow variant keeps the read model behind the writes, so the kill lands between the two.
      if (options.slowProjector) await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
  const runner = createProjectorRunner({
    bus,
    projectors: [projector],
    logger,
    maxBatch: options.slowProjector ? 5 : 500,
  });

  return {
    store,
    bus,
    relay,
    runner,
    readModel,
    async close() {
      await runner.stop();
      await relay.stop();
      await bus.close();
      await store.close();
      readModel.close();
    },
  };
}
