/**
 * Storage layout of the blog module on the DocumentStore port: typed handles that decode on read.
 *
 * `blog_slugs` is the slug registry: one document per slug ever given to a post (`id` = the slug), pointing at
 * the post. A post's current slug and every slug it had before live here, so an old address still finds the
 * post (and answers a redirect), and no other post can take it over while the post exists.
 */
import { defineCollection } from '@evently/platform';
import { z } from 'zod';
import { postListingFields } from '../contracts/post-fields.ts';
import type { Post } from '../domain/post.ts';

/** Counter drawn once when the starter posts are loaded, so they are never loaded twice (see infra/demo). */
export const STARTER_POSTS_COUNTER = 'blog.starter-posts';

export interface SlugRecord {
  post_id: string;
}

/** Every post has been written whole by the create command since the module began, so no field is optional. */
export const blogPosts = defineCollection<Post>({
  name: 'blog_posts',
  unique: [['slug']],
  indexes: [['status', 'published_at'], ['created_at']],
  schema: z.object({ ...postListingFields, content: z.string() }),
});

export const blogSlugs = defineCollection<SlugRecord>({
  name: 'blog_slugs',
  indexes: [['post_id']],
  schema: z.object({ post_id: z.string() }),
});

export const blogCollections = [blogPosts.spec, blogSlugs.spec];
