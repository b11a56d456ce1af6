/**
 * Loads the starter posts into an empty blog, once per store, in one transaction with a draw of the counter
 * `blog.starter-posts`: the first transaction to commit draws 1 and loads; any later one (another process
 * starting at the same moment, a restart after the posts were deleted on purpose) draws more and loads
 * nothing. A transaction that loses a race rolls back, draw included, so nothing is half-loaded.
 */
import { UniqueConstraintError } from '@evently/platform';
import type { BlogContext } from '../../application/context.ts';
import { insertPost } from '../../application/commands/create-post/create-post.ts';
import { blogPosts, STARTER_POSTS_COUNTER } from '../collections.ts';
import { STARTER_POSTS } from './starter-posts.ts';

const DAY_MS = 24 * 60 * 60_000;

/** How many posts were loaded: all of them the first time on an empty store, 0 ever after. */
export async function seedStarterPostsIfEmpty(ctx: BlogContext): Promise<number> {
  if ((await blogPosts.count(ctx.store)) > 0) return 0;
  try {
    return await ctx.store.transaction(async (tx) => {
      if ((await blogPosts.count(tx)) > 0 || (await tx.nextCounter(STARTER_POSTS_COUNTER)) !== 1) return 0;
      const now = ctx.clock.now();
      // Fixed ids: should two processes both pass the gate, the second breaks the unique id and rolls back.
      for (const { ageDays, ...post } of STARTER_POSTS) {
        await insertPost(tx, { ...post, published_at: new Date(now.getTime() - ageDays * DAY_MS).toISOString() }, now);
      }
      return STARTER_POSTS.length;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError) return 0;
    throw error;
  }
}
