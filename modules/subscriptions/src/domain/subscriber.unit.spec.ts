import { describe, expect, it } from 'vitest';
import { identityKey, isDueForDigest, isoWeek, newUnsubscribeToken, unsubscribeUrl } from './subscriber.ts';

describe('isoWeek', () => {
  it("numbers weeks from the Monday of the week holding the year's first Thursday", () => {
    expect(isoWeek(new Date('2026-11-21T23:00:00Z'))).toBe('2026-W47');
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    // 2027-01-01 is a Friday: it still belongs to the last week of 2026.
    expect(isoWeek(new Date('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });

  it('changes on Monday 00:00 UTC, not before', () => {
    expect(isoWeek(new Date('2026-11-22T23:59:59Z'))).toBe('2026-W47');
    expect(isoWeek(new Date('2026-11-23T00:00:00Z'))).toBe('2026-W48');
  });
});

describe('isDueForDigest', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const CONFIRMED = '2026-11-01T10:00:00Z';
  it('is never due while the address is not confirmed (double opt-in)', () => {
    expect(isDueForDigest({ is_active: true, confirmed_at: null, last_sent_at: null }, now)).toBe(false);
  });
  it('is due when active and never sent', () => {
    expect(isDueForDigest({ is_active: true, confirmed_at: CONFIRMED, last_sent_at: null }, now)).toBe(true);
  });
  it('is not due within seven days of the last send', () => {
    expect(
      isDueForDigest({ is_active: true, confirmed_at: CONFIRMED, last_sent_at: '2026-11-15T10:00:01Z' }, now),
    ).toBe(false);
  });
  it('is due again seven days after the last send', () => {
    expect(
      isDueForDigest({ is_active: true, confirmed_at: CONFIRMED, last_sent_at: '2026-11-14T10:00:00Z' }, now),
    ).toBe(true);
  });
  it('is never due when inactive', () => {
    expect(isDueForDigest({ is_active: false, confirmed_at: CONFIRMED, last_sent_at: null }, now)).toBe(false);
  });
});

describe('identity and tokens', () => {
  it('treats e-mail and city case-insensitively and trims them', () => {
    expect(identityKey(' Ana@Example.com ', 'Madrid')).toBe(identityKey('ana@example.com', ' MADRID'));
  });
  it('makes URL-safe tokens of at least 128 bits that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, newUnsubscribeToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
  });
  it('builds the unsubscribe link under the public URL', () => {
    expect(unsubscribeUrl('https://evently.example/', 'abc')).toBe(
      'https://evently.example/api/subscriptions/unsubscribe/abc',
    );
  });
});
