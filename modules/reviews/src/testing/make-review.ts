/** Test factories: a valid form body and a stored review, overridden per test. */
import type { Stored } from '@evently/platform';
import type { Review } from '../domain/review.ts';

export function makeReviewBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_name: 'Ana García',
    user_email: 'ana@example.com',
    rating: 5,
    title: 'Wonderful night',
    comment: 'Great band, great room.',
    attended: true,
    ...overrides,
  };
}

export function makeStoredReview(overrides: Partial<Stored<Review>> = {}): Stored<Review> {
  return {
    id: 'r-1',
    version: 1,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    event_id: 1,
    event: { id: 1, slug: '1-jazz-night-madrid', name: 'Jazz Night Madrid', city: 'Madrid', country: 'Spain' },
    event_name: null,
    event_link: null,
    subject_key: 'event:1',
    user_name: 'Ana García',
    user_email: 'Ana@Example.com',
    email_key: 'ana@example.com',
    rating: 5,
    title: 'Wonderful night',
    comment: 'Great band.',
    attended: true,
    status: 'pending',
    admin_notes: null,
    ...overrides,
  };
}
