/**
 * The reviews module over real HTTP and a real SQLite store and log: every call, the refusals, the spam
 * defences, the privacy rule and "nothing written on a 4xx" (documents and log rows counted around each).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_LIMIT, ALREADY_APPROVED, ALREADY_REJECTED, REVIEW_SUBMITTED_MESSAGE } from '../index.ts';
import { makeReviewBody } from '../testing/make-review.ts';
import { asAdmin, startReviewsHarness, type Json, type ReviewsHarness } from '../testing/reviews-harness.ts';

let h: ReviewsHarness;
/** Every public answer's text, checked for e-mail addresses at the end. */
const publicAnswers: string[] = [];
let emails = 0;
/** A fresh reviewer per test, so the one-review-per-e-mail rule only bites where a test wants it. */
const reviewer = () => `visitor${(emails += 1)}@example.com`;

async function publicCall(method: string, path: string, body?: unknown) {
  const answer = await h.call(method, path, body === undefined ? {} : { body });
  publicAnswers.push(answer.text);
  return answer;
}

async function submitted(path = '/api/events/1/reviews', overrides: Record<string, unknown> = {}): Promise<Json> {
  const answer = await publicCall('POST', path, makeReviewBody({ user_email: reviewer(), ...overrides }));
  expect(answer.status).toBe(201);
  return answer.body.review as Json;
}

/** Runs `act` and checks it wrote no review and logged no message. */
async function writesNothing(act: () => Promise<unknown>): Promise<void> {
  const before = { reviews: await h.storedReviews(), messages: await h.loggedMessages() };
  await act();
  expect({ reviews: await h.storedReviews(), messages: await h.loggedMessages() }).toEqual(before);
}

beforeAll(async () => {
  h = await startReviewsHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  // Reviews are listed newest first: keep them apart in time.
  h.clock.advance(60_000);
});

describe('POST /api/events/:eventId/reviews', () => {
  it('stores a pending review of a catalogue event and answers 201 with the public view and the message', async () => {
    const answer = await publicCall(
      'POST',
      '/api/events/1/reviews',
      makeReviewBody({ user_email: 'First@Example.com', title: '  Lovely  ' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(REVIEW_SUBMITTED_MESSAGE);
    expect(answer.body.review).toMatchObject({
      event_id: 1,
      event: { id: 1, slug: '1-jazz-night-madrid', name: 'Jazz Night Madrid', city: 'Madrid', country: 'Spain' },
      event_name: null,
      event_link: null,
      user_name: 'Ana García',
      rating: 5,
      title: 'Lovely',
      attended: true,
      status: 'pending',
    });
    expect(answer.body.review).not.toHaveProperty('user_email');
  });

  it('resolves the slugged shape of the event reference', async () => {
    expect((await submitted('/api/events/2-candlelight-vivaldi/reviews')).event_id).toBe(2);
  });

  it('answers 404 for an unknown event and writes nothing', async () => {
    await writesNothing(async () => {
      const answer = await publicCall('POST', '/api/events/999/reviews', makeReviewBody({ user_email: reviewer() }));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Event not found' });
    });
  });

  it.each([
    [{ rating: 0 }, /^rating: /],
    [{ rating: 2.5 }, /^rating: /],
    [{ user_name: '' }, /^user_name: /],
    [{ user_email: 'nope' }, /^user_email: /],
    [{ comment: 'x'.repeat(5001) }, /^comment: /],
  ])('answers 400 naming the field for %j and writes nothing', async (override, message) => {
    await writesNothing(async () => {
      const answer = await publicCall(
        'POST',
        '/api/events/1/reviews',
        makeReviewBody({ user_email: reviewer(), ...override }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
    });
  });

  it('answers a second review of the same event by the same e-mail, whatever its case, exactly like a first one, and keeps the first', async () => {
    const body = (email: string, title: string) => makeReviewBody({ user_email: email, title, rating: 4 });
    const first = await publicCall('POST', '/api/events/2/reviews', body('twice@example.com', 'First visit'));
    h.clock.advance(1000);
    let again: Awaited<ReturnType<typeof publicCall>> | undefined;
    await writesNothing(async () => {
      again = await publicCall(
        'POST',
        '/api/events/2-candlelight-vivaldi/reviews',
        body(' TWICE@example.COM ', 'Second visit'),
      );
    });
    // Same status, same keys, same message: nothing tells whether this address had reviewed the event.
    expect(again!.status).toBe(first.status);
    expect(again!.body.message).toBe(REVIEW_SUBMITTED_MESSAGE);
    const [firstReview, againReview] = [first.body.review as Json, again!.body.review as Json];
    expect(Object.keys(againReview).sort()).toEqual(Object.keys(firstReview).sort());
    expect(againReview).toMatchObject({ event_id: 2, status: 'pending', title: 'Second visit', rating: 4 });
    expect(againReview.id).not.toBe(firstReview.id);
    expect(String(againReview.id)).toMatch(/^[0-9a-f-]{36}$/);
    // Behind the scenes the first review is the one kept.
    const pending = await h.call('GET', '/api/admin/reviews?status=pending', { headers: asAdmin });
    const fromTwice = (pending.body.reviews as Json[]).filter(
      (review) => String(review.user_email).toLowerCase() === 'twice@example.com',
    );
    expect(fromTwice.map((review) => review.title)).toEqual(['First visit']);
    // Another event is another review.
    await submitted('/api/events/1/reviews', { user_email: 'twice@example.com' });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    await writesNothing(async () => {
      const answer = await publicCall(
        'POST',
        '/api/events/1/reviews',
        makeReviewBody({ user_email: reviewer(), website: 'http://spam.example' }),
      );
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe(REVIEW_SUBMITTED_MESSAGE);
      expect(answer.body.review).toMatchObject({ status: 'pending', rating: 5 });
    });
  });
});

describe('POST /api/reviews (free-text event)', () => {
  it('stores the trimmed name and link, with no catalogue event', async () => {
    const review = await submitted('/api/reviews', {
      event_name: '  Rock Fest 2026 ',
      event_link: ' https://rockfest.example/2026 ',
    });
    expect(review).toMatchObject({
      event_id: null,
      event: null,
      event_name: 'Rock Fest 2026',
      event_link: 'https://rockfest.example/2026',
    });
  });

  it('accepts the site shapes of the spec as given, and no link at all', async () => {
    expect(
      (await submitted('/api/reviews', { event_name: 'Old show', event_link: '/events/123-some-slug' })).event_link,
    ).toBe('/events/123-some-slug');
    expect((await submitted('/api/reviews', { event_name: 'Older show' })).event_link).toBeNull();
  });

  it('answers 400 without an event name or with a link that is not http(s), and writes nothing', async () => {
    await writesNothing(async () => {
      const missing = await publicCall('POST', '/api/reviews', makeReviewBody({ user_email: reviewer() }));
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/^event_name: /);
      const badLink = await publicCall(
        'POST',
        '/api/reviews',
        makeReviewBody({ user_email: reviewer(), event_name: 'X', event_link: 'javascript:alert(1)' }),
      );
      expect(badLink.status).toBe(400);
      expect(badLink.body.error).toMatch(/^event_link: /);
    });
  });

  it('answers the same free-text event written differently by the same e-mail as accepted, and stores nothing', async () => {
    await submitted('/api/reviews', { event_name: 'Café Müller Live', user_email: 'free@example.com' });
    await writesNothing(async () => {
      const again = await publicCall(
        'POST',
        '/api/reviews',
        makeReviewBody({ event_name: 'cafe muller  live!', user_email: 'FREE@example.com' }),
      );
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        message: REVIEW_SUBMITTED_MESSAGE,
        review: { event_name: 'cafe muller  live!', status: 'pending' },
      });
    });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    await writesNothing(async () => {
      const answer = await publicCall(
        'POST',
        '/api/reviews',
        makeReviewBody({ user_email: reviewer(), event_name: 'Bot Fest', website: 'x' }),
      );
      expect(answer.status).toBe(201);
      expect(answer.body.review).toMatchObject({ event_name: 'Bot Fest', status: 'pending' });
    });
  });
});

describe('GET /api/reviews', () => {
  it('lists approved reviews only, newest first, with the event embedded and no e-mail', async () => {
    const older = await submitted('/api/events/1/reviews', { title: 'older' });
    h.clock.advance(1000);
    const free = await submitted('/api/reviews', {
      title: 'newer',
      event_name: 'Jazz in the Park',
      event_link: 'https://park.example',
    });
    h.clock.advance(1000);
    const pending = await submitted('/api/events/1/reviews', { title: 'still pending' });
    for (const review of [older, free])
      expect((await h.call('POST', `/api/admin/reviews/${review.id}/approve`, { headers: asAdmin })).status).toBe(200);

    const answer = await publicCall('GET', '/api/reviews');
    expect(answer.status).toBe(200);
    const ids = (answer.body.reviews as Json[]).map((review) => review.id);
    expect(ids.slice(0, 2)).toEqual([free.id, older.id]);
    expect(ids).not.toContain(pending.id);
    expect(answer.body.reviews[0]).toMatchObject({
      event: null,
      event_name: 'Jazz in the Park',
      event_link: 'https://park.example',
      status: 'approved',
    });
    expect(answer.body.reviews[1].event).toEqual({
      id: 1,
      slug: '1-jazz-night-madrid',
      name: 'Jazz Night Madrid',
      city: 'Madrid',
      country: 'Spain',
    });
    expect(answer.body.pagination).toEqual({ page: 1, pages: 1, total: 2 });
    for (const review of answer.body.reviews as Json[]) {
      expect(review).not.toHaveProperty('user_email');
      expect(review).not.toHaveProperty('admin_notes');
    }
  });

  it('pages: per_page and page, pages rounded up, per_page capped at 50', async () => {
    const first = await publicCall('GET', '/api/reviews?page=2&per_page=1');
    expect(first.body.pagination).toEqual({ page: 2, pages: 2, total: 2 });
    expect(first.body.reviews).toHaveLength(1);
    const capped = await publicCall('GET', '/api/reviews?per_page=1000');
    expect(capped.status).toBe(200);
    const beyond = await publicCall('GET', '/api/reviews?page=9');
    expect(beyond.body).toMatchObject({ reviews: [], pagination: { page: 9, pages: 1, total: 2 } });
  });

  it('answers 400 to a page that is not a positive whole number', async () => {
    const answer = await publicCall('GET', '/api/reviews?page=zero');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^page: /);
  });
});

describe('admin calls', () => {
  it.each([
    ['GET', '/api/admin/reviews'],
    ['POST', '/api/admin/reviews/x/approve'],
    ['POST', '/api/admin/reviews/x/reject'],
    ['DELETE', '/api/admin/reviews/x'],
  ])('%s %s answers 401 without the credential', async (method, path) => {
    const answer = await publicCall(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(answer.status).toBe(401);
    const wrong = await h.call(method, path, { headers: { 'x-admin-password': 'wrong' } });
    expect(wrong.status).toBe(401);
  });

  it('a request without the credential changes nothing', async () => {
    const review = await submitted();
    await writesNothing(async () => {
      expect((await publicCall('POST', `/api/admin/reviews/${review.id}/approve`, {})).status).toBe(401);
      expect((await publicCall('DELETE', `/api/admin/reviews/${review.id}`)).status).toBe(401);
    });
  });

  it('lists by status (pending by default, all) with the e-mail, notes and status', async () => {
    const review = await submitted('/api/events/2/reviews', { user_email: 'Moderated@Example.com' });
    const pending = await h.call('GET', '/api/admin/reviews', { headers: asAdmin });
    expect(pending.status).toBe(200);
    expect(pending.body.reviews[0]).toMatchObject({
      id: review.id,
      user_email: 'Moderated@Example.com',
      status: 'pending',
      admin_notes: null,
      event_id: 2,
    });
    expect((pending.body.reviews as Json[]).every((r) => r.status === 'pending')).toBe(true);

    const all = await h.call('GET', '/api/admin/reviews?status=all', { headers: asAdmin });
    expect(new Set((all.body.reviews as Json[]).map((r) => r.status))).toEqual(new Set(['pending', 'approved']));
    expect((await h.call('GET', '/api/admin/reviews?status=bogus', { headers: asAdmin })).status).toBe(400);
    expect(ADMIN_LIST_LIMIT).toBeGreaterThanOrEqual(100);
  });

  it('approve moves a pending review out of the pending list; approving again is a 409', async () => {
    const review = await submitted();
    const approved = await h.call('POST', `/api/admin/reviews/${review.id}/approve`, { headers: asAdmin });
    expect(approved.status).toBe(200);
    expect(approved.body.review).toMatchObject({ id: review.id, status: 'approved', version: 2 });
    const pending = await h.call('GET', '/api/admin/reviews?status=pending', { headers: asAdmin });
    expect((pending.body.reviews as Json[]).map((r) => r.id)).not.toContain(review.id);
    await writesNothing(async () => {
      const again = await h.call('POST', `/api/admin/reviews/${review.id}/approve`, { headers: asAdmin });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: ALREADY_APPROVED });
    });
  });

  it('reject keeps the reason as admin notes; rejecting again is a 409; approving later clears the notes', async () => {
    const review = await submitted();
    const rejected = await h.call('POST', `/api/admin/reviews/${review.id}/reject`, {
      headers: asAdmin,
      body: { reason: '  Off-topic ' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.review).toMatchObject({ status: 'rejected', admin_notes: 'Off-topic' });
    const listed = await h.call('GET', '/api/admin/reviews?status=rejected', { headers: asAdmin });
    expect(listed.body.reviews[0]).toMatchObject({ id: review.id, admin_notes: 'Off-topic' });
    await writesNothing(async () => {
      const again = await h.call('POST', `/api/admin/reviews/${review.id}/reject`, { headers: asAdmin, body: {} });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: ALREADY_REJECTED });
      const tooLong = await h.call('POST', `/api/admin/reviews/${review.id}/reject`, {
        headers: asAdmin,
        body: { reason: 'x'.repeat(1001) },
      });
      expect(tooLong.status).toBe(400);
    });
    const approved = await h.call('POST', `/api/admin/reviews/${review.id}/approve`, { headers: asAdmin });
    expect(approved.body.review).toMatchObject({ status: 'approved', admin_notes: null });
  });

  it('reject without a body is a reject without a reason', async () => {
    const review = await submitted();
    const rejected = await h.call('POST', `/api/admin/reviews/${review.id}/reject`, { headers: asAdmin });
    expect(rejected.body.review).toMatchObject({ status: 'rejected', admin_notes: null });
  });

  it('delete removes the review for good and frees the reviewer to write again', async () => {
    const review = await submitted('/api/events/2/reviews', { user_email: 'again@example.com' });
    const deleted = await h.call('DELETE', `/api/admin/reviews/${review.id}`, { headers: asAdmin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Review deleted' });
    const all = await h.call('GET', '/api/admin/reviews?status=all', { headers: asAdmin });
    expect((all.body.reviews as Json[]).map((r) => r.id)).not.toContain(review.id);
    await submitted('/api/events/2/reviews', { user_email: 'again@example.com' });
  });

  it.each([
    ['POST', '/api/admin/reviews/no-such-id/approve'],
    ['POST', '/api/admin/reviews/no-such-id/reject'],
    ['DELETE', '/api/admin/reviews/no-such-id'],
  ])('%s %s answers 404 for an unknown id and writes nothing', async (method, path) => {
    await writesNothing(async () => {
      const answer = await h.call(method, path, { headers: asAdmin, ...(method === 'POST' ? { body: {} } : {}) });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Review not found' });
    });
  });
});

describe('the per-address limit', () => {
  it('answers 429 with Retry-After once an address has submitted its allowance, on both submit calls together, and writes nothing', async () => {
    const limited = await startReviewsHarness({ submitLimit: { limit: 2, windowMs: 60_000 } });
    try {
      expect(
        (await limited.call('POST', '/api/events/1/reviews', { body: makeReviewBody({ user_email: 'a@example.com' }) }))
          .status,
      ).toBe(201);
      expect(
        (
          await limited.call('POST', '/api/reviews', {
            body: makeReviewBody({ user_email: 'b@example.com', event_name: 'X' }),
          })
        ).status,
      ).toBe(201);
      const before = { reviews: await limited.storedReviews(), messages: await limited.loggedMessages() };
      const refused = await limited.call('POST', '/api/events/1/reviews', {
        body: makeReviewBody({ user_email: 'c@example.com' }),
      });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/Too many reviews/);
      expect(
        (
          await limited.call('POST', '/api/reviews', {
            body: makeReviewBody({ user_email: 'd@example.com', event_name: 'Y' }),
          })
        ).status,
      ).toBe(429);
      expect({ reviews: await limited.storedReviews(), messages: await limited.loggedMessages() }).toEqual(before);
      // Reading is not limited.
      expect((await limited.call('GET', '/api/reviews')).status).toBe(200);
      limited.clock.advance(61_000);
      expect(
        (await limited.call('POST', '/api/events/1/reviews', { body: makeReviewBody({ user_email: 'c@example.com' }) }))
          .status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('privacy', () => {
  it('no public answer ever carried a reviewer e-mail', () => {
    expect(publicAnswers.length).toBeGreaterThan(20);
    for (const text of publicAnswers) expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
  });
});
