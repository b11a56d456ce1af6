/**
 * The ports a module is built from, on the embedded engines in a temporary folder: a SQLite store and log, a
 * search index opened on first use, a fixed clock, a silent logger and the admin check with the harness
 * password. The module harness starts from it, and so do specs that wire several modules together as the
 * composition root does.
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import {
  createAdminAuth,
  fixedClock,
  silentLogger,
  type ModuleDeps,
  type DocumentStore,
  type EventBus,
  type SearchIndex,
} from '@evently/platform';
import { createMailer } from '@evently/mail';
import { createSqliteDocumentStore, createSqliteEventBus, createSqliteSearchIndex } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';

export const HARNESS_ADMIN_PASSWORD = 'correct horse battery staple';
export const HARNESS_PUBLIC_URL = 'http://evently.test';
export const HARNESS_START = '2026-11-21T10:00:00Z';

export interface EmbeddedDepsOptions {
  /** Prefix of the temporary data directory, e.g. `evently-support-`. */
  name: string;
  /** The log's poll for other processes' commits (the log's own default when unset). */
  pollIntervalMs?: number;
}

export interface EmbeddedDeps {
  /** What a module factory takes; its `search` opens the index on first use. */
  deps: ModuleDeps;
  dir: string;
  store: DocumentStore;
  bus: EventBus;
  /** The search index, opened on first use: a module without search schemas never opens a search file. */
  search(): SearchIndex;
  clock: ReturnType<typeof fixedClock>;
  logger: Logger;
  /** Closes the log, the index (when opened) and the store, then removes the folder. */
  close(): Promise<void>;
}

export async function startEmbeddedDeps(options: EmbeddedDepsOptions): Promise<EmbeddedDeps> {
  const logger = silentLogger();
  const { dir, remove } = await createTempDataDir(options.name);
  const clock = fixedClock(HARNESS_START);
  const store = await createSqliteDocumentStore({ file: join(dir, 'evently.db'), clock });
  const bus = await createSqliteEventBus({
    store,
    ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
  });
  const auth = createAdminAuth({ password: HARNESS_ADMIN_PASSWORD, logger });
  let opened: SearchIndex | undefined;
  const search = () => (opened ??= createSqliteSearchIndex({ file: join(dir, 'search.db') }));
  return {
    deps: {
      store,
      bus,
      get search() {
        return search();
      },
      clock,
      logger,
      requireAdmin: auth.requireAdmin,
      isAdmin: auth.isAdmin,
      publicUrl: HARNESS_PUBLIC_URL,
      dataDir: dir,
      openMailer: createMailer,
    },
    dir,
    store,
    bus,
    search,
    clock,
    logger,
    async close() {
      await bus.close();
      await opened?.close();
      await store.close();
      await remove();
    },
  };
}
