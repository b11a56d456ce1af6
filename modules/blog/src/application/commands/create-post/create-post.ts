/**
 * An administrator writes a post. The slug is claimed from the title in the same transaction as the insert,
 * and `BlogPostCreated` (plus `BlogPostPublished` when it goes out at once) is appended with it.
 */
import { withVersionRetry } from '@evently/platform';
import { randomUUID } from 'node:crypto';
import type { DocumentTransaction, Stored } from '@evently/platform';
import type { CreatePostInput } from '../../../contracts/post-input.ts';
import { blogMessageTypes, blogMessage } from '../../../contracts/messages.ts';
import { DEFAULT_COVER } from '../../../domain/cover.ts';
import { DEFAULT_STATUS, publishedAtAfter, type Post } from '../../../domain/post.ts';
import { toListing } from '../../../domain/post-views.ts';
import { minutesRead } from '../../../domain/reading-time.ts';
import { blogPosts } from '../../../infra/collections.ts';
import type { BlogContext } from '../../context.ts';
import { claimSlug, SLUG_RACES } from '../../slug-registry.ts';

/** Fields of a new post: the parsed body, or a starter post with its own id and dates. */
export type NewPost = CreatePostInput & { id?: string; published_at?: string };

/** Inserts a post and appends its messages inside the caller's transaction. */
export async function insertPost(tx: DocumentTransaction, input: NewPost, now: Date): Promise<Stored<Post>> {
  const id = input.id ?? randomUUID();
  const status = input.status ?? DEFAULT_STATUS;
  const created = await blogPosts.insert(tx, {
    id,
    slug: await claimSlug(tx, input.title, id),
    title: input.title,
    excerpt: input.excerpt ?? '',
    content: input.content,
    category: input.category || 'General',
    tags: input.tags ?? [],
    cover_image: input.cover_image ?? null,
    cover_visible: input.cover_visible ?? DEFAULT_COVER.cover_visible,
    cover_aspect: input.cover_aspect ?? DEFAULT_COVER.cover_aspect,
    cover_fit: input.cover_fit ?? DEFAULT_COVER.cover_fit,
    cover_width: input.cover_width ?? DEFAULT_COVER.cover_width,
    status,
    published_at: input.published_at ?? publishedAtAfter(null, status, now),
    minutes_read: minutesRead(input.content),
  });
  const listing = toListing(created);
  await tx.appendOutbox([
    blogMessage(blogMessageTypes.created, created.id, created.version, listing, now),
    ...(status === 'published'
      ? [blogMessage(blogMessageTypes.published, created.id, created.version, listing, now)]
      : []),
  ]);
  return created;
}

export function createPost(ctx: BlogContext, input: NewPost): Promise<Stored<Post>> {
  return withVersionRetry(() => ctx.store.transaction((tx) => insertPost(tx, input, ctx.clock.now())), SLUG_RACES);
}
