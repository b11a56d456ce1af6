/**
 * One post by slug. The slug registry finds the post for its current slug and every earlier one; an earlier
 * slug answers `moved` with the current slug, so the caller can redirect. Drafts are seen only when the
 * caller may preview (an administrator with `?preview=1`); to everyone else a draft does not exist.
 */
import type { Stored } from '@evently/platform';
import type { Post } from '../../../domain/post.ts';
import { SLUG_PATTERN } from '../../../domain/slug.ts';
import { blogPosts, blogSlugs } from '../../../infra/collections.ts';
import type { BlogContext } from '../../context.ts';

export type GetPostResult =
  { status: 'found'; post: Stored<Post> } | { status: 'moved'; slug: string } | { status: 'not_found' };

export async function getPostBySlug(
  ctx: BlogContext,
  slug: string,
  options: { preview: boolean },
): Promise<GetPostResult> {
  if (!SLUG_PATTERN.test(slug)) return { status: 'not_found' };
  const record = await blogSlugs.get(ctx.store, slug);
  const post = record ? await blogPosts.get(ctx.store, record.post_id) : null;
  if (!post || (post.status !== 'published' && !options.preview)) return { status: 'not_found' };
  if (post.slug !== slug) return { status: 'moved', slug: post.slug };
  return { status: 'found', post };
}
