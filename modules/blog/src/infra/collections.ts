/**
 * Storage layout of the blog module on the DocumentStore port.
 *
 * `blog_slugs` is the slug registry: one document per slug ever given to a post (`id` = the slug), pointing at
 * the post. A post's current slug and every slug it had before live here, so an old address still finds the
 * post (and answers a redirect), and no other post can take it over while the post exists.
 */
import type { CollectionSpec } from '@evently/platform';

export const BLOG_POSTS = 'blog_posts';
export const BLOG_SLUGS = 'blog_slugs';
/** Counter drawn once when the starter posts are loaded, so they are never loaded twice (see infra/demo). */
export const STARTER_POSTS_COUNTER = 'blog.starter-posts';

export interface SlugRecord {
  post_id: string;
}

export const blogCollections: CollectionSpec[] = [
  { name: BLOG_POSTS, unique: [['slug']], indexes: [['status', 'published_at'], ['created_at']] },
  { name: BLOG_SLUGS, indexes: [['post_id']] },
];
