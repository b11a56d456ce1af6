/**
 * The partnerships module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with its mail
 * consumers running and mail going to the given SMTP server: what the integration specs drive.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import {
  createAdminAuth,
  createProjectorRunner,
  createSqliteDocumentStore,
  createSqliteEventBus,
  effectClaimsCollection,
  fixedClock,
  type DocumentStore,
  type EventBus,
  type ProjectorRunner,
} from '@evently/platform';
import { createTempDataDir, serveRouters } from '@evently/platform/testing';
import { PARTNERSHIPS_TOPIC, createPartnershipsModule, type PartnershipsModule, type PartnershipsOptions } from '../index.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const PUBLIC_URL = 'http://evently.test';
export const PARTNERS_INBOX = 'partners@evently.test';

export interface PartnershipsHarness {
  url: string;
  store: DocumentStore;
  bus: EventBus;
  runner: ProjectorRunner;
  module: PartnershipsModule;
  clock: ReturnType<typeof fixedClock>;
  /** Messages on the partnerships topic so far (the embedded log is the outbox). */
  loggedMessages(): Promise<number>;
  close(): Promise<void>;
}

const unlimited = { limit: 10_000, windowMs: 60_000 };

export async function startPartnershipsHarness(smtpUrl: string, options: Partial<PartnershipsOptions> = {}): Promise<PartnershipsHarness> {
  const logger = pino({ level: 'silent' });
  const { dir, remove } = await createTempDataDir('evently-partnerships-');
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const store = await createSqliteDocumentStore({ file: join(dir, 'evently.db'), clock });
  const bus = await createSqliteEventBus({ store });
  const auth = createAdminAuth({ password: ADMIN_PASSWORD, logger });
  const module = createPartnershipsModule(
    {
      store,
      bus,
      search: undefined as never,
      clock,
      logger,
      requireAdmin: auth.requireAdmin,
      isAdmin: auth.isAdmin,
      publicUrl: PUBLIC_URL,
      dataDir: dir,
    },
    { appName: 'Evently', smtpUrl, partnersInbox: PARTNERS_INBOX, submitLimit: unlimited, ...options },
  );
  await store.init([...module.collections, effectClaimsCollection]);
  await bus.init(module.topics);
  const runner = createProjectorRunner({ bus, projectors: module.projectors, logger });
  await runner.start();
  const served = await serveRouters(module.routers);
  return {
    url: served.url,
    store,
    bus,
    runner,
    module,
    clock,
    async loggedMessages() {
      // A group that never consumed lags by the whole topic.
      return (await bus.lag('test.count-only', [PARTNERSHIPS_TOPIC]))[PARTNERSHIPS_TOPIC] ?? 0;
    },
    async close() {
      await served.close();
      await runner.stop();
      await module.close?.();
      await bus.close();
      await store.close();
      await remove();
    },
  };
}
