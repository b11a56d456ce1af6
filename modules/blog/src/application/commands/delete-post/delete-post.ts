/** An administrator deletes a post for good; its slugs are released with it and `BlogPostDeleted` is appended. */
import { deleteAggregate } from '@evently/platform';
import { blogMessageTypes, blogMessage } from '../../../contracts/messages.ts';
import { blogPosts } from '../../../infra/collections.ts';
import type { BlogContext } from '../../context.ts';
import { releaseSlugs, SLUG_RACES } from '../../slug-registry.ts';

/** False when no post has that id. */
export function deletePost(ctx: BlogContext, id: string): Promise<boolean> {
  return deleteAggregate({
    store: ctx.store,
    collection: blogPosts,
    find: (tx) => blogPosts.get(tx, id),
    alsoDelete: (tx, post) => releaseSlugs(tx, post.id),
    announce: (post, version) =>
      blogMessage(blogMessageTypes.deleted, post.id, version, { post_id: post.id, slug: post.slug }, ctx.clock.now()),
    retry: SLUG_RACES,
  });
}
