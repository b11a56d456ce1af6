/**
 * Spec 02 §2: post data supplied ahead of time by the page, keyed by slug, is used before fetching. The server
 * embeds it in the page head as inert JSON (`<script type="application/json" id="evently-preloaded-posts">`,
 * see backend/src/http/seo/page-meta.ts), which the CSP allows without a nonce; a static prerender may instead
 * set `window.__EVENTLY_POSTS__`. Only an object that looks like a post for this slug is trusted, and its
 * `content_html` is the server's own rendering.
 */
import type { Post } from '@evently/blog/contracts';
import { embeddedJsonObject } from '../../lib/dom/embedded-json.ts';

declare global {
  interface Window {
    __EVENTLY_POSTS__?: Record<string, unknown>;
  }
}

export const PRELOADED_POSTS_ELEMENT_ID = 'evently-preloaded-posts';

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
  const candidate =
    globalThis.window?.__EVENTLY_POSTS__?.[slug] ?? embeddedJsonObject(PRELOADED_POSTS_ELEMENT_ID)?.[slug];
  return looksLikePost(candidate, slug) ? candidate : undefined;
}
