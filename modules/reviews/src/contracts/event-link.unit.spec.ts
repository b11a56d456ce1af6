import { describe, expect, it } from 'vitest';
import { isAcceptableEventLink } from './event-link.ts';

describe('free-text event links', () => {
  it.each([
    'https://tickets.example.com/e/1?x=2',
    'http://example.org',
    '/event/123',
    '/events/123-some-slug',
    '/events/123',
    '/event/123/',
  ])('accepts %s', (link) => expect(isAcceptableEventLink(link)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'mailto:a@b.c',
    'ftp://example.com/x',
    '//evil.example.com/event/1',
    '/admin',
    '/event/abc',
    'example.com',
    'https://',
  ])('refuses %s', (link) => expect(isAcceptableEventLink(link)).toBe(false));
});
