/**
 * The reviews module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with a small
 * in-memory catalogue standing in for the events module (its look-up is the module's only need from it).
 */
import { join } from 'node:path';
import { createAdminAuth, createSqliteDocumentStore, createSqliteEventBus, fixedClock, silentLogger, type DocumentStore, type EventBus } from '@evently/platform';
import { createTempDataDir, serveRouters } from '@evently/platform/testing';
import { REVIEWS_TOPIC, createReviewsModule, type ReviewEventEmbed, type ReviewsModule, type ReviewsOptions } from '../index.ts';
import { REVIEWS } from '../infra/collections.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';
export const asAdmin = { 'x-admin-password': ADMIN_PASSWORD };

export const CATALOGUE: ReviewEventEmbed[] = [
  { id: 1, slug: '1-jazz-night-madrid', name: 'Jazz Night Madrid', city: 'Madrid', country: 'Spain' },
  { id: 2, slug: '2-candlelight-vivaldi', name: 'Candlelight Vivaldi', city: 'Lisbon', country: 'Portugal' },
];

/** Resolves `7` and `7-any-slug` like the events module does. */
export function catalogueLookup(events: ReviewEventEmbed[]): ReviewsOptions['events'] {
  return {
    async getById(idOrSlug) {
      const id = Number(/^(\d+)(-|$)/.exec(idOrSlug)?.[1]);
      return events.find((event) => event.id === id) ?? null;
    },
  };
}

export interface ReviewsHarness {
  url: string;
  store: DocumentStore;
  bus: EventBus;
  module: ReviewsModule;
  clock: ReturnType<typeof fixedClock>;
  /** Messages on the reviews topic so far (the embedded log is the outbox). */
  loggedMessages(): Promise<number>;
  storedReviews(): Promise<number>;
  call(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; raw?: string }): Promise<{ status: number; body: Json; text: string }>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field in the specs
export type Json = Record<string, any>;

export async function startReviewsHarness(options: Partial<ReviewsOptions> = {}): Promise<ReviewsHarness> {
  const logger = silentLogger();
  const { dir, remove } = await createTempDataDir('evently-reviews-');
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const store = await createSqliteDocumentStore({ file: join(dir, 'evently.db'), clock });
  const bus = await createSqliteEventBus({ store });
  const auth = createAdminAuth({ password: ADMIN_PASSWORD, logger });
  const module = createReviewsModule(
    { store, bus, search: undefined as never, clock, logger, requireAdmin: auth.requireAdmin, isAdmin: auth.isAdmin, publicUrl: 'http://evently.test', dataDir: dir },
    { events: catalogueLookup(CATALOGUE), submitLimit: { limit: 10_000, windowMs: 60_000 }, ...options },
  );
  await store.init(module.collections);
  await bus.init(module.topics);
  const served = await serveRouters(module.routers);
  return {
    url: served.url,
    store,
    bus,
    module,
    clock,
    async loggedMessages() {
      // A group that never consumed lags by the whole topic.
      return (await bus.lag('test.count-only', [REVIEWS_TOPIC]))[REVIEWS_TOPIC] ?? 0;
    },
    storedReviews: () => store.count(REVIEWS),
    async call(method, path, init = {}) {
      const response = await fetch(`${served.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
        ...(init.raw !== undefined ? { body: init.raw } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      const text = await response.text();
      const body = (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text }) as Json;
      return { status: response.status, body, text };
    },
    async close() {
      await served.close();
      await bus.close();
      await store.close();
      await remove();
    },
  };
}
