/**
 * An administrator edits a post. A new title gives a new slug (claimed in the registry; the old one stays
 * there pointing at the post, so shared links redirect). A change of status is announced as
 * `BlogPostPublished` / `BlogPostUnpublished`, anything else as `BlogPostUpdated`; an edit that changes
 * nothing writes nothing.
 */
import { withVersionRetry } from '@evently/platform';
import type { Stored } from '@evently/platform';
import type { UpdatePostInput } from '../../../contracts/post-input.ts';
import { blogMessageTypes, blogMessage } from '../../../contracts/messages.ts';
import { publishedAtAfter, type Post } from '../../../domain/post.ts';
import { toListing } from '../../../domain/post-views.ts';
import { minutesRead } from '../../../domain/reading-time.ts';
import { slugify } from '../../../domain/slug.ts';
import { blogPosts } from '../../../infra/collections.ts';
import type { BlogContext } from '../../context.ts';
import { claimSlug, SLUG_RACES } from '../../slug-registry.ts';

type Patch = Partial<Post>;

function changedFields(post: Stored<Post>, patch: Patch): Patch {
  return Object.fromEntries(
    Object.entries(patch).filter(([key, value]) => JSON.stringify(post[key as keyof Post]) !== JSON.stringify(value)),
  ) as Patch;
}

/** The post after the change, or null when no post has that id. */
export function updatePost(ctx: BlogContext, id: string, input: UpdatePostInput): Promise<Stored<Post> | null> {
  return withVersionRetry(
    () =>
      ctx.store.transaction(async (tx) => {
        const post = await blogPosts.get(tx, id);
        if (!post) return null;
        const now = ctx.clock.now();
        const { category, ...rest } = input;
        const patch: Patch = { ...rest, ...(category !== undefined ? { category: category || 'General' } : {}) };
        if (input.content !== undefined) patch.minutes_read = minutesRead(input.content);
        if (input.status !== undefined) patch.published_at = publishedAtAfter(post.published_at, input.status, now);
        // Punctuation or case edits that slugify to the same words keep the address.
        if (input.title !== undefined && slugify(input.title) !== slugify(post.title))
          patch.slug = await claimSlug(tx, input.title, post.id);
        const changes = changedFields(post, patch);
        if (Object.keys(changes).length === 0) return post;
        const updated = await blogPosts.update(tx, post.id, post.version, changes);
        const type =
          updated.status === post.status
            ? blogMessageTypes.updated
            : updated.status === 'published'
              ? blogMessageTypes.published
              : blogMessageTypes.unpublished;
        await tx.appendOutbox([blogMessage(type, updated.id, updated.version, toListing(updated), now)]);
        return updated;
      }),
    SLUG_RACES,
  );
}
