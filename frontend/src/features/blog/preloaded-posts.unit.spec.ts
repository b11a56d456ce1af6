import { afterEach, describe, expect, it } from 'vitest';
import { PRELOADED_POSTS_ELEMENT_ID, preloadedPost } from './preloaded-posts.ts';

const post = { slug: 'a-post', title: 'A post', content_html: '<p>x</p>', tags: [] };

afterEach(() => {
  delete window.__EVENTLY_POSTS__;
  document.getElementById(PRELOADED_POSTS_ELEMENT_ID)?.remove();
});

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PRELOADED_POSTS_ELEMENT_ID;
  script.textContent = text;
  document.head.append(script);
}

describe('preloadedPost', () => {
  it('answers the post the page supplied for this slug', () => {
    window.__EVENTLY_POSTS__ = { 'a-post': post };
    expect(preloadedPost('a-post')).toBe(post);
  });

  it('ignores missing data, other slugs and objects that are not posts', () => {
    expect(preloadedPost('a-post')).toBeUndefined();
    window.__EVENTLY_POSTS__ = {
      'a-post': { ...post, slug: 'other' },
      broken: 'x',
      'no-html': { ...post, slug: 'no-html', content_html: 1 },
    };
    expect(preloadedPost('a-post')).toBeUndefined();
    expect(preloadedPost('broken')).toBeUndefined();
    expect(preloadedPost('no-html')).toBeUndefined();
  });

  it('reads the posts the server embedded in the page head as JSON', () => {
    embed(JSON.stringify({ 'a-post': post }));
    expect(preloadedPost('a-post')).toEqual(post);
    expect(preloadedPost('other')).toBeUndefined();
  });

  it('ignores embedded text that is not JSON', () => {
    embed('{not json');
    expect(preloadedPost('a-post')).toBeUndefined();
  });
});
