import { describe, expect, it } from 'vitest';
import { makeStoredReview } from '../testing/make-review.ts';
import { toAdminReview, toPublicReview } from './review-views.ts';

describe('review views', () => {
  it('the public view carries neither the e-mail nor the admin notes nor internal keys', () => {
    const view = toPublicReview(makeStoredReview({ status: 'rejected', admin_notes: 'Rude' }));
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/example\.com/i);
    expect(Object.keys(view)).not.toEqual(expect.arrayContaining(['user_email']));
    for (const key of ['user_email', 'email_key', 'admin_notes', 'subject_key', 'version'])
      expect(view).not.toHaveProperty(key);
  });

  it('the admin view carries the e-mail, notes, status and version', () => {
    const view = toAdminReview(makeStoredReview({ status: 'rejected', admin_notes: 'Rude', version: 2 }));
    expect(view).toMatchObject({ user_email: 'Ana@Example.com', admin_notes: 'Rude', status: 'rejected', version: 2 });
  });

  it('a fresher event embed replaces the copy taken at submit, keeping only the five fields', () => {
    const fresh = {
      id: 1,
      slug: '1-jazz-night-madrid-2027',
      name: 'Jazz Night Madrid 2027',
      city: 'Madrid',
      country: 'Spain',
      price: 3,
    };
    expect(toPublicReview(makeStoredReview(), fresh).event).toEqual({
      id: 1,
      slug: '1-jazz-night-madrid-2027',
      name: 'Jazz Night Madrid 2027',
      city: 'Madrid',
      country: 'Spain',
    });
  });
});
