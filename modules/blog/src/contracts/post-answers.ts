/**
 * The blog's answers as the API document describes them and the handlers are typed by: a list item is a post
 * without its body; a full post adds the Markdown source (for the editor) and `content_html`, rendered by the
 * server with raw HTML, scripts and unsafe links refused, so safe to insert as it is.
 */
import { z } from 'zod';
import { postListingFields } from './post-fields.ts';

export const postListItemSchema = z.object({
  id: z.string(),
  ...postListingFields,
  created_at: z.string(),
  updated_at: z.string(),
});

export const postSchema = postListItemSchema.extend({
  content: z.string().describe('The Markdown source'),
  content_html: z.string().describe('Rendered by the server, safe to insert as it is'),
  version: z.number(),
});

export const postListSchema = z.object({
  posts: z.array(postListItemSchema),
  total: z.number(),
  categories: z.array(z.string()),
});

/** 308 of GET /api/blog/posts/{slug}: for clients that do not follow `Location`. */
export const postMovedSchema = z.object({
  redirect_to: z.string().describe("The post page's current address"),
  slug: z.string(),
});

export const postDeletedSchema = z.object({ message: z.string() });

export type PostListItem = z.infer<typeof postListItemSchema>;
export type Post = z.infer<typeof postSchema>;
export type PostList = z.infer<typeof postListSchema>;
export type PostMoved = z.infer<typeof postMovedSchema>;
export type PostDeleted = z.infer<typeof postDeletedSchema>;
/** The cover fields of a post, as the cover renderers read them. */
export type CoverFields = Pick<
  PostListItem,
  'cover_image' | 'cover_visible' | 'cover_aspect' | 'cover_fit' | 'cover_width'
>;
