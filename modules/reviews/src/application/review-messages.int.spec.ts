/**
 * Every change is a versioned message through the outbox, in the same transaction: types, keys, versions,
 * the data the ratings read model needs and nothing personal. Also the live pending count.
 */
import { collectMessages } from '@evently/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEWS_TOPIC, reviewMessageTypes } from '../index.ts';
import { makeReviewBody } from '../testing/make-review.ts';
import { asAdmin, startReviewsHarness, type ReviewsHarness } from '../testing/reviews-harness.ts';

let h: ReviewsHarness;

beforeAll(async () => {
  h = await startReviewsHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('review messages', () => {
  it('submit, reject, approve and delete log one message each, keyed by review id, with the review version', async () => {
    const created = await h.call('POST', '/api/events/1/reviews', {
      body: makeReviewBody({ user_email: 'Secret.Person@example.com', comment: 'private words', rating: 4 }),
    });
    const id = created.body.review.id as string;
    await h.call('POST', `/api/admin/reviews/${id}/reject`, { headers: asAdmin, body: { reason: 'hidden reason' } });
    await h.call('POST', `/api/admin/reviews/${id}/approve`, { headers: asAdmin });
    await h.call('DELETE', `/api/admin/reviews/${id}`, { headers: asAdmin });
    const free = await h.call('POST', '/api/reviews', {
      body: makeReviewBody({
        user_email: 'x@example.com',
        event_name: 'Secret Garden Party',
        event_link: 'https://secret.example',
        rating: 2,
      }),
    });

    const messages = await collectMessages(h.bus, [REVIEWS_TOPIC]);
    const mine = messages.filter((m) => m.key === id);
    expect(mine.map((m) => [m.type, m.aggregate_version, m.version, m.topic])).toEqual([
      [reviewMessageTypes.submitted, 1, 1, REVIEWS_TOPIC],
      [reviewMessageTypes.rejected, 2, 1, REVIEWS_TOPIC],
      [reviewMessageTypes.approved, 3, 1, REVIEWS_TOPIC],
      [reviewMessageTypes.deleted, 4, 1, REVIEWS_TOPIC],
    ]);
    expect(mine.map((m) => m.data)).toEqual([
      { review_id: id, event_id: 1, rating: 4, status: 'pending' },
      { review_id: id, event_id: 1, rating: 4, status: 'rejected', previous_status: 'pending', with_reason: true },
      { review_id: id, event_id: 1, rating: 4, status: 'approved', previous_status: 'rejected' },
      { review_id: id, event_id: 1, rating: 4, previous_status: 'approved' },
    ]);
    const freeMessage = messages.find((m) => m.key === free.body.review.id);
    expect(freeMessage?.data).toEqual({ review_id: free.body.review.id, event_id: null, rating: 2, status: 'pending' });

    // The log is copied everywhere: no e-mail, name, free text, typed event name or link in it.
    const logged = JSON.stringify(messages);
    for (const secret of [
      'Secret.Person',
      'example.com',
      'private words',
      'hidden reason',
      'Secret Garden',
      'secret.example',
      'Ana',
    ])
      expect(logged).not.toContain(secret);
  });

  it('a refused action logs nothing', async () => {
    const created = await h.call('POST', '/api/events/2/reviews', {
      body: makeReviewBody({ user_email: 'once@example.com' }),
    });
    await h.call('POST', `/api/admin/reviews/${created.body.review.id}/approve`, { headers: asAdmin });
    const before = await h.loggedMessages();
    expect(
      (await h.call('POST', `/api/admin/reviews/${created.body.review.id}/approve`, { headers: asAdmin })).status,
    ).toBe(409);
    expect(await h.loggedMessages()).toBe(before);
  });
});

describe('live pending count', () => {
  it('pushes the number of pending reviews for every review message, nothing for other topics or types', async () => {
    const created = await h.call('POST', '/api/events/2/reviews', {
      body: makeReviewBody({ user_email: 'live@example.com' }),
    });
    const pending = await h.store.count('reviews', { status: 'pending' });
    expect(pending).toBeGreaterThan(0);
    const [message] = (await collectMessages(h.bus, [REVIEWS_TOPIC])).filter((m) => m.key === created.body.review.id);
    expect(message).toBeDefined();
    expect(await h.module.live.pushesFor(message!)).toEqual({ event: 'reviews:pending', payload: { pending } });
    expect(h.module.live.topics).toEqual([REVIEWS_TOPIC]);

    await h.call('POST', `/api/admin/reviews/${created.body.review.id}/approve`, { headers: asAdmin });
    expect(await h.module.live.pushesFor(message!)).toEqual({
      event: 'reviews:pending',
      payload: { pending: pending - 1 },
    });
    expect(await h.module.live.pushesFor({ ...message!, topic: 'evently.events' })).toBeNull();
    expect(await h.module.live.pushesFor({ ...message!, type: 'ReviewEdited' })).toBeNull();
  });
});
