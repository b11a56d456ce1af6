/**
 * The reviews module on a real SQLite store and log, served over real HTTP on 127.0.0.1, with a small
 * in-memory catalogue standing in for the events module (its look-up is the module's only need from it).
 */
import { HARNESS_ADMIN_PASSWORD, startModuleHarness, type ModuleHarness } from '@evently/testkit';
import {
  REVIEWS_TOPIC,
  createReviewsModule,
  type ReviewEventEmbed,
  type ReviewsModule,
  type ReviewsOptions,
} from '../index.ts';
import { REVIEWS } from '../infra/collections.ts';

export const ADMIN_PASSWORD = HARNESS_ADMIN_PASSWORD;
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

export interface ReviewsHarness extends ModuleHarness<ReviewsModule> {
  storedReviews(): Promise<number>;
  call(
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<{ status: number; body: Json; text: string }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field in the specs
export type Json = Record<string, any>;

export async function startReviewsHarness(options: Partial<ReviewsOptions> = {}): Promise<ReviewsHarness> {
  // Its consumers are not started: the specs drive the HTTP side and read the log and store directly.
  const harness = await startModuleHarness({
    name: 'evently-reviews-',
    topic: REVIEWS_TOPIC,
    runProjectors: false,
    create: (deps) =>
      createReviewsModule(deps, {
        events: catalogueLookup(CATALOGUE),
        submitLimit: { limit: 10_000, windowMs: 60_000 },
        ...options,
      }),
  });
  const { store, url } = harness;
  return {
    ...harness,
    storedReviews: () => store.count(REVIEWS),
    async call(method, path, init = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
        ...(init.raw !== undefined
          ? { body: init.raw }
          : init.body !== undefined
            ? { body: JSON.stringify(init.body) }
            : {}),
      });
      const text = await response.text();
      const body = (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { text }) as Json;
      return { status: response.status, body, text };
    },
  };
}
