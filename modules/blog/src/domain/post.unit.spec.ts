import { describe, expect, it } from 'vitest';
import { publishedAtAfter } from './post.ts';

const now = new Date('2026-05-01T09:00:00Z');

describe('published_at', () => {
  it('given a draft, when it is saved as a draft, then it has no publication date', () => {
    expect(publishedAtAfter(null, 'draft', now)).toBeNull();
  });

  it('given a draft, when it is published, then the date is now', () => {
    expect(publishedAtAfter(null, 'published', now)).toBe('2026-05-01T09:00:00.000Z');
  });

  it('given a published post, when it is edited, unpublished or republished, then the first date stays', () => {
    const first = '2026-01-10T08:00:00.000Z';
    expect(publishedAtAfter(first, 'published', now)).toBe(first);
    expect(publishedAtAfter(first, 'draft', now)).toBe(first);
  });
});
