/**
 * One business module on a real SQLite store and log (and search index when it declares search schemas),
 * served over real HTTP on 127.0.0.1 with its projectors running: the skeleton every module's integration
 * harness shares, so each harness only says how its module is built and what it exposes on top.
 */
import { join } from 'node:path';
import { createAdminAuth } from '../http/admin-auth.ts';
import { effectClaimsCollection } from '../effects/do-once.ts';
import { fixedClock } from '../clock/clock.ts';
import { silentLogger } from '../logging/logger.ts';
import type { AppModule, ModuleDeps } from '../module.ts';
import type { DocumentStore } from '../store/document-store.port.ts';
import type { EventBus } from '../bus/event-bus.port.ts';
import type { SearchIndex } from '../search/search-index.port.ts';
import { createProjectorRunner, type ProjectorRunner } from '../projections/projector-runner.ts';
import { createSqliteDocumentStore } from '../store/sqlite/sqlite-document-store.ts';
import { createSqliteEventBus } from '../bus/sqlite-log/sqlite-event-bus.ts';
import { createSqliteSearchIndex } from '../search/sqlite-fts/sqlite-search-index.ts';
import { createTempDataDir } from './temp-dir.ts';
import { serveRouters } from './serve-routers.ts';

export const HARNESS_ADMIN_PASSWORD = 'correct horse battery staple';
export const HARNESS_PUBLIC_URL = 'http://evently.test';
export const HARNESS_START = '2026-11-21T10:00:00Z';

export interface ModuleHarnessOptions<M extends AppModule> {
  /** Prefix of the temporary data directory, e.g. `evently-support-`. */
  name: string;
  create(deps: ModuleDeps): M;
  /** Start the module's consumers (projectors and mailers); on by default. */
  runProjectors?: boolean;
}

export interface ModuleHarness<M extends AppModule> {
  url: string;
  dir: string;
  store: DocumentStore;
  bus: EventBus;
  /** Only when the module declares search schemas. */
  search: SearchIndex | undefined;
  /** Started unless `runProjectors` is false. */
  runner: ProjectorRunner;
  module: M;
  clock: ReturnType<typeof fixedClock>;
  /** Messages on a topic so far (the embedded log is the outbox). */
  loggedMessages(topic: string): Promise<number>;
  close(): Promise<void>;
}

export async function startModuleHarness<M extends AppModule>(
  options: ModuleHarnessOptions<M>,
): Promise<ModuleHarness<M>> {
  const logger = silentLogger();
  const { dir, remove } = await createTempDataDir(options.name);
  const clock = fixedClock(HARNESS_START);
  const store = await createSqliteDocumentStore({ file: join(dir, 'evently.db'), clock });
  const bus = await createSqliteEventBus({ store });
  const auth = createAdminAuth({ password: HARNESS_ADMIN_PASSWORD, logger });
  // Built lazily: a module without search schemas never opens a search file.
  let search: SearchIndex | undefined;
  const module = options.create({
    store,
    bus,
    get search() {
      search ??= createSqliteSearchIndex({ file: join(dir, 'search.db') });
      return search;
    },
    clock,
    logger,
    requireAdmin: auth.requireAdmin,
    isAdmin: auth.isAdmin,
    publicUrl: HARNESS_PUBLIC_URL,
    dataDir: dir,
  });
  // As the backend composition does: side-effect consumers claim each effect in effect_claims.
  await store.init([effectClaimsCollection, ...module.collections]);
  await bus.init(module.topics);
  if (module.searchSchemas.length > 0) {
    search ??= createSqliteSearchIndex({ file: join(dir, 'search.db') });
    for (const schema of module.searchSchemas) await search.init(schema);
  }
  await module.init?.();
  const runner = createProjectorRunner({ bus, projectors: module.projectors, logger });
  if (options.runProjectors !== false) await runner.start();
  const served = await serveRouters(module.routers);
  return {
    url: served.url,
    dir,
    store,
    bus,
    search,
    runner,
    module,
    clock,
    async loggedMessages(topic) {
      // A group that never consumed lags by the whole topic.
      return (await bus.lag('test.count-only', [topic]))[topic] ?? 0;
    },
    async close() {
      await served.close();
      await runner.stop();
      await module.close?.();
      await bus.close();
      await search?.close();
      await store.close();
      await remove();
    },
  };
}
