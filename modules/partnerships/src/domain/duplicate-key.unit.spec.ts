import { describe, expect, it } from 'vitest';
import { DUPLICATE_WINDOW_MS, duplicateKey, normaliseText, requestFingerprint, windowStart } from './duplicate-key.ts';

const form = {
  email: 'marta@lisbonlive.example',
  company: 'Lisbon Live Lda',
  partnership_type: 'event_organizer' as const,
};

describe('the duplicate rule', () => {
  it('given the same sender written differently, when fingerprinted, then it is the same request', () => {
    expect(requestFingerprint({ ...form, email: ' Marta@LisbonLive.example ', company: 'lisbon   live lda.' })).toBe(
      requestFingerprint(form),
    );
  });

  it('given another type or company, when fingerprinted, then it is another request', () => {
    expect(requestFingerprint({ ...form, partnership_type: 'venue' })).not.toBe(requestFingerprint(form));
    expect(requestFingerprint({ ...form, company: 'Porto Live' })).not.toBe(requestFingerprint(form));
  });

  it('given two instants in one window, then the key is the same; across windows it differs', () => {
    const fingerprint = requestFingerprint(form);
    expect(duplicateKey(fingerprint, new Date('2026-01-01T10:00:01Z'))).toBe(
      duplicateKey(fingerprint, new Date('2026-01-01T10:09:59Z')),
    );
    expect(duplicateKey(fingerprint, new Date('2026-01-01T10:09:59Z'))).not.toBe(
      duplicateKey(fingerprint, new Date('2026-01-01T10:10:00Z')),
    );
  });

  it('looks back one whole window', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(new Date(windowStart(now)).getTime()).toBe(now.getTime() - DUPLICATE_WINDOW_MS);
    expect(normaliseText('  ACME\tInc. ')).toBe('acme inc');
  });
});
