/**
 * The ratings read model from `evently.reviews` messages on the real embedded engines, and the event answers
 * that carry it. The messages are built here from this module's own reading of the contract
 * (contracts/review-messages.ts): the events module never imports the reviews module. The reviews module's
 * own spec drives the same path from its real commands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvelope, projectorGroup, type Envelope } from '@evently/platform';
import { REVIEWS_TOPIC } from '../../contracts/review-messages.ts';
import { createEventsHarness, type EventsHarness } from '../../testing/events-harness.ts';
import { makeSourceEvent } from '../../testing/make-event.ts';
import { EVENT_RATINGS_INDEX } from './event-ratings-index.ts';
import { EVENT_RATINGS_PROJECTOR } from './event-ratings.projector.ts';

type ReviewType = 'ReviewSubmitted' | 'ReviewApproved' | 'ReviewRejected' | 'ReviewDeleted';

const review = (id: string, type: ReviewType, version: number, eventId: number | null, rating: number): Envelope =>
  createEnvelope({
    topic: REVIEWS_TOPIC,
    key: id,
    type,
    aggregateVersion: version,
    data: { review_id: id, event_id: eventId, rating },
    occurredAt: new Date('2026-11-21T10:00:00Z'),
  });

describe('event ratings from review messages', () => {
  let h: EventsHarness;
  let url: string;
  const get = async (path: string) => (await (await fetch(`${url}${path}`)).json()) as Record<string, unknown>;
  const ratingOf = async (id: number) => {
    const event = await get(`/api/events/${id}`);
    return { review_count: event.review_count, rating_avg: event.rating_avg };
  };

  beforeAll(async () => {
    h = await createEventsHarness();
    await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: 'a' })); // 1
    await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: 'b', name: 'Fado Night' })); // 2
    await h.bus.publish([
      review('r1', 'ReviewSubmitted', 1, 1, 5),
      review('r1', 'ReviewApproved', 2, 1, 5),
      review('r2', 'ReviewSubmitted', 1, 1, 4),
      review('r2', 'ReviewApproved', 2, 1, 4),
      review('r3', 'ReviewSubmitted', 1, 1, 1),
      review('r3', 'ReviewRejected', 2, 1, 1),
      review('r4', 'ReviewSubmitted', 1, 1, 3),
      review('r4', 'ReviewApproved', 2, 1, 3),
      review('r4', 'ReviewDeleted', 3, 1, 3),
      // A free-text event's review concerns no catalogue event.
      review('r5', 'ReviewSubmitted', 1, null, 1),
      review('r5', 'ReviewApproved', 2, null, 1),
      review('r6', 'ReviewSubmitted', 1, 2, 2),
    ]);
    await h.settle();
    url = await h.serve();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('approve two, reject one, delete one: two reviews averaging 4.5; pending ones do not count', async () => {
    expect(await ratingOf(1)).toEqual({ review_count: 2, rating_avg: 4.5 });
    expect(await ratingOf(2)).toEqual({ review_count: 0, rating_avg: null });
  });

  it('list, popular and similar answers carry the rating too; the map shape does not', async () => {
    const list = (await get('/api/events')).data as Array<Record<string, unknown>>;
    expect(list.find((e) => e.id === 1)).toMatchObject({ review_count: 2, rating_avg: 4.5 });
    expect(list.find((e) => e.id === 2)).toMatchObject({ review_count: 0, rating_avg: null });
    const popular = (await get('/api/events/popular')).popular_events as Array<Record<string, unknown>>;
    expect(popular.find((e) => e.id === 1)).toMatchObject({ review_count: 2, rating_avg: 4.5 });
    const similar = (await get('/api/events/2/similar')).similar_events as Array<Record<string, unknown>>;
    expect(similar.find((e) => e.id === 1)).toMatchObject({ review_count: 2, rating_avg: 4.5 });
    const map = (await get('/api/events?fields=map_basic')).data as Array<Record<string, unknown>>;
    expect(map[0]).not.toHaveProperty('review_count');
    expect(await h.module.queries.getById(1)).toMatchObject({ review_count: 2, rating_avg: 4.5 });
  });

  it('a redelivered or late older message changes nothing (the deleted review stays gone)', async () => {
    await h.bus.publish([
      review('r4', 'ReviewApproved', 2, 1, 3),
      review('r1', 'ReviewSubmitted', 1, 1, 5),
      review('r3', 'ReviewSubmitted', 1, 1, 1),
    ]);
    await h.settle();
    expect(await ratingOf(1)).toEqual({ review_count: 2, rating_avg: 4.5 });
  });

  it('a replay from offset zero (resetGroup on its group) gives the same numbers', async () => {
    // Lose the read model's documents first, so only the replay can bring the numbers back.
    await h.search.delete(EVENT_RATINGS_INDEX, ['r1', 'r2', 'r3', 'r4', 'r6']);
    expect(await ratingOf(1)).toEqual({ review_count: 0, rating_avg: null });
    await h.bus.resetGroup(projectorGroup({ name: EVENT_RATINGS_PROJECTOR }), [REVIEWS_TOPIC]);
    await h.settle();
    expect(await ratingOf(1)).toEqual({ review_count: 2, rating_avg: 4.5 });
  });

  it('a rebuild of the ratings read model into a fresh index gives the same numbers', async () => {
    await h.runner.rebuild([EVENT_RATINGS_PROJECTOR]);
    expect(await ratingOf(1)).toEqual({ review_count: 2, rating_avg: 4.5 });
    expect(await ratingOf(2)).toEqual({ review_count: 0, rating_avg: null });
  });

  it('a reindex of the events index keeps the ratings', async () => {
    await h.runner.rebuild(['events-search']);
    const list = (await get('/api/events')).data as Array<Record<string, unknown>>;
    expect(list.find((e) => e.id === 1)).toMatchObject({ review_count: 2, rating_avg: 4.5 });
    expect(await ratingOf(1)).toEqual({ review_count: 2, rating_avg: 4.5 });
  });

  it('a later approval, an unknown type and a malformed message: the approval counts, the others are skipped without stopping it', async () => {
    await h.bus.publish([
      { ...review('r6', 'ReviewApproved', 2, 2, 2), type: 'ReviewEdited' },
      { ...review('r7', 'ReviewSubmitted', 1, 2, 5), data: { event_id: 'two', rating: 9 } },
      review('r6', 'ReviewApproved', 2, 2, 2),
    ]);
    await h.settle();
    expect(await ratingOf(2)).toEqual({ review_count: 1, rating_avg: 2 });
  });
});
