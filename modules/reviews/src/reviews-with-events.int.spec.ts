/**
 * Reviews and the events catalogue wired as the composition root wires them (one store, log and search
 * index; the look-up filled from the events module's `queries.getById`): real reviews, moderated over HTTP,
 * become each event's approved count and mean in the events API, survive a replay from offset zero and an
 * events reindex. Only this test imports the events module; the reviews module itself never does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxRelay, createProjectorRunner, projectorGroup } from '@evently/platform';
import { serveRouters, startEmbeddedDeps } from '@evently/testkit';
import { createEventsModule } from '@evently/events';
import { REVIEWS_TOPIC, createReviewsModule } from './index.ts';
import { makeReviewBody } from './testing/make-review.ts';
import { asAdmin, type Json } from './testing/reviews-harness.ts';

describe('reviews feed the events read model', () => {
  let url: string;
  let eventsId: number;
  let cleanup: () => Promise<void>;
  let settle: () => Promise<void>;
  let rebuild: (names: string[]) => Promise<void>;
  let resetRatings: () => Promise<void>;

  const call = async (
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const rating = async () => {
    const { body } = await call('GET', `/api/events/${eventsId}`);
    return { review_count: body.review_count, rating_avg: body.rating_avg };
  };

  beforeAll(async () => {
    const embedded = await startEmbeddedDeps({ name: 'evently-reviews-events-', pollIntervalMs: 20 });
    const { deps, store, bus, logger } = embedded;
    const search = embedded.search();
    const events = createEventsModule(deps, {
      affiliate: { ticketmaster: {}, fever: {}, default: {} },
      trustedProxies: null,
    });
    const reviews = createReviewsModule(deps, {
      events: { getById: (id) => events.queries.getById(id) },
      submitLimit: { limit: 1000, windowMs: 60_000 },
    });
    const modules = [events, reviews];
    await store.init(modules.flatMap((m) => m.collections));
    await bus.init(modules.flatMap((m) => m.topics));
    for (const schema of modules.flatMap((m) => m.searchSchemas)) await search.init(schema);
    const relay = createOutboxRelay({ outbox: store.outbox, bus, logger });
    relay.start();
    const runner = createProjectorRunner({ bus, projectors: modules.flatMap((m) => m.projectors), logger });
    await runner.start();
    const served = await serveRouters(modules.flatMap((m) => m.routers));
    url = served.url;
    settle = () => runner.drained();
    rebuild = async (names) => void (await runner.rebuild(names));
    resetRatings = () => bus.resetGroup(projectorGroup({ name: 'event-ratings' }), [REVIEWS_TOPIC]);
    cleanup = async () => {
      await served.close();
      await runner.stop();
      await relay.stop();
      await embedded.close();
    };

    const outcome = await events.commands.upsertFromSource({
      source: 'ticketmaster',
      external_id: 'tm-1',
      name: 'Jazz Night Madrid',
      category: 'Music & Concerts',
      start_utc: '2026-12-05T19:00:00.000Z',
      city: 'Madrid',
      country: 'Spain',
      latitude: 40.4168,
      longitude: -3.7038,
      purchase_url: 'https://www.ticketmaster.com/event/tm-1',
    });
    eventsId = Number(outcome.id);
    await settle();
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('a review through the events look-up embeds the catalogue event', async () => {
    const answer = await call('POST', `/api/events/${eventsId}/reviews`, {
      body: makeReviewBody({ user_email: 'embed@example.com', rating: 2 }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.review.event).toEqual({
      id: eventsId,
      slug: `${eventsId}-jazz-night-madrid`,
      name: 'Jazz Night Madrid',
      city: 'Madrid',
      country: 'Spain',
    });
    expect(
      (await call('POST', '/api/events/424242/reviews', { body: makeReviewBody({ user_email: 'nobody@example.com' }) }))
        .status,
    ).toBe(404);
    await settle();
    // Pending: not counted.
    expect(await rating()).toEqual({ review_count: 0, rating_avg: null });
  });

  it('approve two, reject one, delete one approved: the event shows two reviews and their mean', async () => {
    const ids: string[] = [];
    for (const [i, stars] of [5, 4, 1, 3].entries()) {
      const answer = await call('POST', `/api/events/${eventsId}/reviews`, {
        body: makeReviewBody({ user_email: `r${i}@example.com`, rating: stars }),
      });
      ids.push(answer.body.review.id as string);
    }
    const [five, four, one, three] = ids as [string, string, string, string];
    for (const id of [five, four, three])
      expect((await call('POST', `/api/admin/reviews/${id}/approve`, { headers: asAdmin })).status).toBe(200);
    expect(
      (await call('POST', `/api/admin/reviews/${one}/reject`, { headers: asAdmin, body: { reason: 'spam' } })).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/admin/reviews/${three}`, { headers: asAdmin })).status).toBe(200);
    await settle();
    expect(await rating()).toEqual({ review_count: 2, rating_avg: 4.5 });
    const list = await call('GET', '/api/events');
    expect((list.body.data as Json[]).find((e) => e.id === eventsId)).toMatchObject({
      review_count: 2,
      rating_avg: 4.5,
    });
  });

  it('a replay from offset zero gives the same numbers', async () => {
    await resetRatings();
    await settle();
    expect(await rating()).toEqual({ review_count: 2, rating_avg: 4.5 });
  });

  it('a rebuild of every read model (npm run reindex) keeps the ratings', async () => {
    await rebuild(['events-search', 'event-ratings']);
    expect(await rating()).toEqual({ review_count: 2, rating_avg: 4.5 });
  });
});
