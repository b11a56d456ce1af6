import { describe, expect, it } from 'vitest';
import { parseWith } from '@evently/platform';
import { makeReviewBody } from '../testing/make-review.ts';
import { adminListQuerySchema, publicListQuerySchema, rejectBodySchema } from './queries.ts';
import { freeTextReviewSchema, reviewFieldsSchema } from './submit-review.ts';

const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('the review form', () => {
  it('given a valid body, trims text and keeps the rating', () => {
    const parsed = parseWith(reviewFieldsSchema, makeReviewBody({ user_name: '  Ana ', title: '  ', comment: null }));
    expect(parsed).toMatchObject({ user_name: 'Ana', rating: 5, title: null, comment: null, attended: true });
  });

  it('given no attended, it is false', () => {
    expect(parseWith(reviewFieldsSchema, makeReviewBody({ attended: undefined })).attended).toBe(false);
  });

  it('given the rating as text "4", it is 4', () => {
    expect(parseWith(reviewFieldsSchema, makeReviewBody({ rating: '4' })).rating).toBe(4);
  });

  it.each([
    [{ rating: 0 }, /^rating: /],
    [{ rating: 6 }, /^rating: /],
    [{ rating: 4.5 }, /^rating: /],
    [{ rating: 'four' }, /^rating: /],
    [{ rating: undefined }, /^rating: rating is required/],
    [{ user_name: ' ' }, /^user_name: user_name is required/],
    [{ user_email: 'not-an-email' }, /^user_email: Please enter a valid email address/],
    [{ user_email: undefined }, /^user_email: /],
    [{ user_name: 'x'.repeat(121) }, /^user_name: user_name must be at most 120/],
    [{ user_email: `${'a'.repeat(250)}@b.co` }, /^user_email: user_email must be at most 254/],
    [{ title: 'x'.repeat(201) }, /^title: title must be at most 200/],
    [{ comment: 'x'.repeat(5001) }, /^comment: comment must be at most 5000/],
    [{ attended: 'yes' }, /^attended: /],
  ])('given %j, refuses naming the field', (override, message) => {
    expect(errorOf(() => parseWith(reviewFieldsSchema, makeReviewBody(override)))).toMatch(message);
  });

  it('given caps exactly, accepts', () => {
    expect(() =>
      parseWith(
        reviewFieldsSchema,
        makeReviewBody({ title: 'x'.repeat(200), comment: 'y'.repeat(5000), user_name: 'z'.repeat(120) }),
      ),
    ).not.toThrow();
  });
});

describe('the free-text event fields', () => {
  it('given a name and a link with spaces around, both are trimmed; a blank link is none', () => {
    expect(
      parseWith(
        freeTextReviewSchema,
        makeReviewBody({ event_name: ' Rock Fest ', event_link: ' https://rock.example/ ' }),
      ),
    ).toMatchObject({
      event_name: 'Rock Fest',
      event_link: 'https://rock.example/',
    });
    expect(
      parseWith(freeTextReviewSchema, makeReviewBody({ event_name: 'Rock Fest', event_link: '  ' })).event_link,
    ).toBeNull();
  });

  it('given the site shapes of the spec, stores them as given', () => {
    expect(
      parseWith(freeTextReviewSchema, makeReviewBody({ event_name: 'X', event_link: '/events/123-some-slug' }))
        .event_link,
    ).toBe('/events/123-some-slug');
  });

  it.each([
    [{ event_name: undefined }, /^event_name: event_name is required/],
    [{ event_name: '!!!' }, /^event_name: event_name must contain letters or digits/],
    [{ event_name: 'x'.repeat(201) }, /^event_name: event_name must be at most 200/],
    [{ event_name: 'X', event_link: 'javascript:alert(1)' }, /^event_link: event_link must be an http\(s\) address/],
    [
      { event_name: 'X', event_link: `https://a.example/${'x'.repeat(2048)}` },
      /^event_link: event_link must be at most 2048/,
    ],
  ])('given %j, refuses naming the field', (override, message) => {
    expect(errorOf(() => parseWith(freeTextReviewSchema, makeReviewBody(override)))).toMatch(message);
  });
});

describe('list queries and admin bodies', () => {
  it('defaults to page 1 of 20 and caps per_page at 50', () => {
    expect(parseWith(publicListQuerySchema, {})).toEqual({ page: 1, per_page: 20 });
    expect(parseWith(publicListQuerySchema, { page: '2', per_page: '500' })).toEqual({ page: 2, per_page: 50 });
  });

  it.each([{ page: '0' }, { page: 'abc' }, { per_page: '-1' }, { page: '1.5' }])('refuses %j', (query) => {
    expect(errorOf(() => parseWith(publicListQuerySchema, query))).toMatch(/^(page|per_page): /);
  });

  it('the admin list defaults to pending and knows all', () => {
    expect(parseWith(adminListQuerySchema, {}).status).toBe('pending');
    expect(parseWith(adminListQuerySchema, { status: 'all' }).status).toBe('all');
    expect(errorOf(() => parseWith(adminListQuerySchema, { status: 'spam' }))).toMatch(/^status: /);
  });

  it('a reject reason is optional, trimmed and capped', () => {
    expect(parseWith(rejectBodySchema, {})).toEqual({ reason: null });
    expect(parseWith(rejectBodySchema, { reason: ' Off-topic ' })).toEqual({ reason: 'Off-topic' });
    expect(errorOf(() => parseWith(rejectBodySchema, { reason: 'x'.repeat(1001) }))).toMatch(/^reason: /);
  });
});
