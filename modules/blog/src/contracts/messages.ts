/**
 * Messages this module publishes on `evently.blog`, keyed by post id, with the post's new version as
 * `aggregate_version`. Blog posts are public writing, so the messages carry the post's listing fields (not the
 * body): the list projection is built from them alone and can be replayed from the log.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';
import { postListingFields } from './post-fields.ts';

export const BLOG_TOPIC = 'evently.blog';

export const blogMessageTypes = {
  created: 'BlogPostCreated',
  updated: 'BlogPostUpdated',
  published: 'BlogPostPublished',
  unpublished: 'BlogPostUnpublished',
  deleted: 'BlogPostDeleted',
} as const;

/** Everything a listing shows: the post without its body. */
export const blogPostListingSchema = z.object({
  post_id: z.string().min(1),
  ...postListingFields,
  // Stricter than the answers: only what a command wrote enters the log, and a replay trusts it.
  slug: z.string().min(1),
  minutes_read: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const blogPostDeletedSchema = z.object({ post_id: z.string().min(1), slug: z.string().min(1) });

export type BlogPostListing = z.infer<typeof blogPostListingSchema>;
export type BlogPostDeleted = z.infer<typeof blogPostDeletedSchema>;

export const blogMessageSchemas = {
  [blogMessageTypes.created]: blogPostListingSchema,
  [blogMessageTypes.updated]: blogPostListingSchema,
  [blogMessageTypes.published]: blogPostListingSchema,
  [blogMessageTypes.unpublished]: blogPostListingSchema,
  [blogMessageTypes.deleted]: blogPostDeletedSchema,
} as const;

export type BlogMessageType = keyof typeof blogMessageSchemas;

/** Builds this module's outbox records, each validated against its type's schema. */
export const blogMessage = defineMessages(BLOG_TOPIC, blogMessageSchemas);
