import { describe, expect, it } from 'vitest';
import {
  INVALID_EMAIL,
  LOCATION_REQUIRED,
  SUBSCRIBE_NETWORK_ERROR,
  SUBSCRIBE_SERVER_FALLBACK,
  subscriptionErrorMessage,
  validateSubscription,
} from './validation.ts';

const form = { email: 'ana@example.com', name: '', country: 'Spain', city: 'Madrid' };

describe('subscription validation', () => {
  it.each([
    '',
    'ana',
    'ana@example',
    '@example.com',
    'ana @example.com',
    'v1<victim@x.example>.z',
    'Ana <ana@example.com>',
    '"ana"@example.com',
    'a@example.com,b@example.com',
  ])('rejects the e-mail %j', (email) => {
    expect(validateSubscription({ ...form, email })).toEqual({ ok: false, message: INVALID_EMAIL });
  });

  it('requires country and city after trimming', () => {
    expect(validateSubscription({ ...form, country: '  ' })).toEqual({ ok: false, message: LOCATION_REQUIRED });
    expect(validateSubscription({ ...form, city: '' })).toEqual({ ok: false, message: LOCATION_REQUIRED });
  });

  it('sends an empty name as null and trims the rest', () => {
    expect(
      validateSubscription({ email: ' ana@example.com ', name: ' ', country: ' Spain ', city: 'Madrid ' }),
    ).toEqual({
      ok: true,
      payload: { email: 'ana@example.com', name: null, country: 'Spain', city: 'Madrid' },
    });
  });
});

describe('subscription error messages', () => {
  it("prefers the server's message, then its error text", () => {
    expect(subscriptionErrorMessage({ status: 400, data: { message: 'Already subscribed' } })).toBe(
      'Already subscribed',
    );
    expect(subscriptionErrorMessage({ status: 400, data: { error: 'Invalid city' } })).toBe('Invalid city');
  });

  it('falls back when the server says nothing useful', () => {
    expect(subscriptionErrorMessage({ status: 500, data: null })).toBe(SUBSCRIBE_SERVER_FALLBACK);
  });

  it('reports a network failure', () => {
    expect(subscriptionErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      SUBSCRIBE_NETWORK_ERROR,
    );
  });
});
