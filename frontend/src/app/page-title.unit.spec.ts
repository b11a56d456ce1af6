import { describe, expect, it } from 'vitest';
import { titleForPath, withProductName } from './page-title.ts';

describe('page titles', () => {
  it('gives home its spec title with the product name as suffix', () => {
    expect(titleForPath('/', 'Evently')).toBe('Discover Amazing Events | Evently');
  });

  it('uses the path itself for paths the route table does not name', () => {
    expect(titleForPath('/no/such/page', 'Evently')).toBe('/no/such/page | Evently');
  });

  it('titles the reviews pages by what they are, not by their path', () => {
    expect(titleForPath('/reviews', 'Evently')).toBe('Event Reviews | Evently');
    expect(titleForPath('/reviews/write', 'Evently')).toBe('Write a Review | Evently');
    expect(titleForPath('/reviews/thanks/', 'Evently')).toBe('Thank You | Evently');
  });

  it('leaves blog posts to title themselves, but not the blog index', () => {
    expect(titleForPath('/blog/lisbon-after-dark', 'Evently')).toBeNull();
    expect(titleForPath('/blog', 'Evently')).toBe('Blog | Evently');
  });

  it('ignores a trailing slash when matching fixed titles', () => {
    expect(titleForPath('/support/', 'Evently')).toBe('Support | Evently');
  });

  it('leaves event pages to title themselves', () => {
    expect(titleForPath('/event/12', 'Evently')).toBeNull();
    expect(titleForPath('/events/12-jazz-night', 'Evently')).toBeNull();
  });

  it('suffixes any title with the configured product name', () => {
    expect(withProductName('Blog', 'Acme')).toBe('Blog | Acme');
  });
});
