/**
 * Spec 02 §2: post data supplied ahead of time by the page, keyed by slug, is used before fetching. A server
 * (or a static prerender) may embed `window.__EVENTLY_POSTS__ = { "<slug>": { ...post } }`; only an object that
 * looks like a post is trusted, and its `content_html` is the server's own rendering.
 */
import type { Post } from '../../lib/blog/post-types.ts';

declare global {
  interface Window {
    __EVENTLY_POSTS__?: Record<string, unknown>;
  }
}

function looksLikePost(value: unknown, slug: string): value is Post {
  const post = value as Partial<Post> | null;
  return (
    typeof post === 'object' &&
    post !== null &&
    post.slug === slug &&
    typeof post.title === 'string' &&
    typeof post.content_html === 'string' &&
    Array.isArray(post.tags)
  );
}

export function preloadedPost(slug: string): Post | undefined {
  const candidate = globalThis.window?.__EVENTLY_POSTS__?.[slug];
  return looksLikePost(candidate, slug) ? candidate : undefined;
}
