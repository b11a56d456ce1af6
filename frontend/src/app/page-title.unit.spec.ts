import { describe, expect, it } from 'vitest';
import { titleForPath, withProductName } from './page-title.ts';

describe('page titles', () => {
  it('gives home its spec title with the product name as suffix', () => {
    expect(titleForPath('/', 'Evently')).toBe('Discover Amazing Events | Evently');
  });

  it('uses the path itself for pages without a fixed title', () => {
    expect(titleForPath('/reviews/write', 'Evently')).toBe('/reviews/write | Evently');
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
