import { describe, expect, it } from 'vitest';
import { nextFeverPageUrl } from './fever-source.ts';

const current = new URL('https://partner.example/feed/plans?city=madrid&page=2');

describe('nextFeverPageUrl', () => {
  it('follows a next link, resolved against the current page', () => {
    expect(nextFeverPageUrl(current, { data: [], pagination: { next: '?city=madrid&page=3' } })?.toString()).toBe(
      'https://partner.example/feed/plans?city=madrid&page=3',
    );
    expect(
      nextFeverPageUrl(current, { data: [], pagination: { next: 'https://cdn.example/p/3.json' } })?.toString(),
    ).toBe('https://cdn.example/p/3.json');
  });

  it('otherwise asks for page + 1 while page < total_pages, keeping the other parameters', () => {
    expect(nextFeverPageUrl(current, { data: [], pagination: { page: 2, total_pages: 3 } })?.toString()).toBe(
      'https://partner.example/feed/plans?city=madrid&page=3',
    );
    expect(nextFeverPageUrl(current, { data: [], pagination: { page: 3, total_pages: 3 } })).toBeNull();
    expect(nextFeverPageUrl(current, { data: [] })).toBeNull();
  });
});
