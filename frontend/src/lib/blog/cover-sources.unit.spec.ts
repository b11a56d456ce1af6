import { describe, expect, it } from 'vitest';
import { coverSources } from './cover-sources.ts';

describe('coverSources', () => {
  it('offers every width in webp and jpeg for our own covers', () => {
    expect(coverSources('/static/blog/covers/lisbon-1200w.webp')).toEqual({
      webp: '/static/blog/covers/lisbon-800w.webp 800w, /static/blog/covers/lisbon-1024w.webp 1024w, /static/blog/covers/lisbon-1200w.webp 1200w, /static/blog/covers/lisbon-1600w.webp 1600w',
      jpeg: '/static/blog/covers/lisbon-800w.jpg 800w, /static/blog/covers/lisbon-1024w.jpg 1024w, /static/blog/covers/lisbon-1200w.jpg 1200w, /static/blog/covers/lisbon-1600w.jpg 1600w',
      fallback: '/static/blog/covers/lisbon-800w.jpg',
    });
  });

  it.each(['https://images.example.com/a.jpg', '/static/blog/covers/lisbon.png', '/uploads/lisbon-1200w.webp'])(
    'uses %s as it is',
    (url) => {
      expect(coverSources(url)).toBeUndefined();
    },
  );
});
