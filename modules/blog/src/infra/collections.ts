/**
 * Storage layout of the blog module on the DocumentStore port: typed handles that decode on read.
 *
 * `blog_slugs` is the slug registry: one document per slug ever given to a post (`id` = the slug), pointing at
 * the post. A post's current slug and every slug it had before live here, so an old address still finds the
 * post (and answers a redirect), and no other post can take it over while the post exists.
 */
import { defineCollection } from '@evently/platform';
import { z } from 'zod';
import { COVER_ASPECTS, COVER_FITS, COVER_WIDTHS } from '../domain/cover.ts';
import { POST_STATUSES, type Post } from '../domain/post.ts';

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
  schema: z.object({
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    content: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    cover_image: z.string().nullable(),
    cover_visible: z.boolean(),
    cover_aspect: z.enum(COVER_ASPECTS),
    cover_fit: z.enum(COVER_FITS),
    cover_width: z.enum(COVER_WIDTHS),
    status: z.enum(POST_STATUSES),
    published_at: z.string().nullable(),
    minutes_read: z.number(),
  }),
});

export const blogSlugs = defineCollection<SlugRecord>({
  name: 'blog_slugs',
  indexes: [['post_id']],
  schema: z.object({ post_id: z.string() }),
});

export const blogCollections = [blogPosts.spec, blogSlugs.spec];
