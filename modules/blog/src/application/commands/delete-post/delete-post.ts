/** An administrator deletes a post for good; its slugs are released with it and `BlogPostDeleted` is appended. */
import { withVersionRetry } from '@evently/platform';
import { blogMessageTypes, blogMessage } from '../../../contracts/messages.ts';
import { blogPosts } from '../../../infra/collections.ts';
import type { BlogContext } from '../../context.ts';
import { releaseSlugs, SLUG_RACES } from '../../slug-registry.ts';

/** False when no post has that id. */
export function deletePost(ctx: BlogContext, id: string): Promise<boolean> {
  return withVersionRetry(
    () =>
      ctx.store.transaction(async (tx) => {
        const post = await blogPosts.get(tx, id);
        if (!post) return false;
        await blogPosts.delete(tx, post.id, post.version);
        await releaseSlugs(tx, post.id);
        // The tombstone's version is one past the post's last, so it outranks every earlier message.
        await tx.appendOutbox([
          blogMessage(
            blogMessageTypes.deleted,
            post.id,
            post.version + 1,
            { post_id: post.id, slug: post.slug },
            ctx.clock.now(),
          ),
        ]);
        return true;
      }),
    SLUG_RACES,
  );
}
