/**
 * The blog module on a real SQLite store, log and search index, served over real HTTP on 127.0.0.1, with its
 * projector running: what the integration specs drive.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import {
  createAdminAuth,
  createProjectorRunner,
  createSqliteDocumentStore,
  createSqliteEventBus,
  createSqliteSearchIndex,
  fixedClock,
  type DocumentStore,
  type EventBus,
  type ProjectorRunner,
  type SearchIndex,
} from '@evently/platform';
import { createTempDataDir, serveRouters } from '@evently/platform/testing';
import { BLOG_TOPIC, createBlogModule, type BlogModule, type BlogOptions } from '../index.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const PUBLIC_URL = 'http://evently.test';

export interface BlogHarness {
  url: string;
  store: DocumentStore;
  bus: EventBus;
  search: SearchIndex;
  runner: ProjectorRunner;
  module: BlogModule;
  clock: ReturnType<typeof fixedClock>;
  /** Waits until the projector has applied every message written so far. */
  projected(): Promise<void>;
  /** Messages on the blog topic so far (the embedded log is the outbox). */
  loggedMessages(): Promise<number>;
  close(): Promise<void>;
}

export async function startBlogHarness(options: Partial<BlogOptions> = {}): Promise<BlogHarness> {
  const logger = pino({ level: 'silent' });
  const { dir, remove } = await createTempDataDir('evently-blog-');
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const store = await createSqliteDocumentStore({ file: join(dir, 'evently.db'), clock });
  const bus = await createSqliteEventBus({ store });
  const search = createSqliteSearchIndex({ file: join(dir, 'search.db') });
  const auth = createAdminAuth({ password: ADMIN_PASSWORD, logger });
  const module = createBlogModule(
    { store, bus, search, clock, logger, requireAdmin: auth.requireAdmin, isAdmin: auth.isAdmin, publicUrl: PUBLIC_URL, dataDir: dir },
    { appName: 'Evently', ...options },
  );
  await store.init(module.collections);
  await bus.init(module.topics);
  for (const schema of module.searchSchemas) await search.init(schema);
  await module.init?.();
  const runner = createProjectorRunner({ bus, projectors: module.projectors, logger });
  await runner.start();
  const served = await serveRouters(module.routers);
  return {
    url: served.url,
    store,
    bus,
    search,
    runner,
    module,
    clock,
    projected: () => runner.drained(),
    async loggedMessages() {
      // A group that never consumed lags by the whole topic.
      return (await bus.lag('test.count-only', [BLOG_TOPIC]))[BLOG_TOPIC] ?? 0;
    },
    async close() {
      await served.close();
      await runner.stop();
      await module.close?.();
      await bus.close();
      await search.close();
      await store.close();
      await remove();
    },
  };
}
