/**
 * The blog list. Visitors read the `blog_listings` projection: published posts, newest publication first,
 * optionally of one category, with the categories that have published posts (for the filter). An
 * administrator's `status=all|draft` reads the posts themselves, so a post just saved shows in the panel at
 * once, before the worker has projected it.
 */
import type { FilterClause } from '@evently/platform';
import type { ListQuery } from '../../../contracts/post-input.ts';
import { listItemOf, toListing, type PostListItem } from '../../../domain/post-views.ts';
import { blogPosts } from '../../../infra/collections.ts';
import type { BlogContext } from '../../context.ts';
import { BLOG_LISTINGS_INDEX, type ListingDocument } from '../../projections/blog-listings-index.ts';

/** More posts than a blog page shows; the list has no paging yet (decision 016). */
export const LIST_LIMIT = 200;

export interface PostList {
  posts: PostListItem[];
  total: number;
  /** Categories with at least one published post, most used first. */
  categories: string[];
}

async function publishedCategories(ctx: BlogContext): Promise<string[]> {
  const facets = await ctx.search.facets(BLOG_LISTINGS_INDEX, {
    terms: ['category'],
    filters: [{ field: 'status', op: 'eq', value: 'published' }],
  });
  return (facets.terms.category ?? []).map((term) => term.value);
}

export async function listPublishedPosts(ctx: BlogContext, category?: string): Promise<PostList> {
  const filters: FilterClause[] = [{ field: 'status', op: 'eq', value: 'published' }];
  if (category) filters.push({ field: 'category', op: 'eq', value: category });
  const [result, categories] = await Promise.all([
    ctx.search.search<ListingDocument>(BLOG_LISTINGS_INDEX, {
      filters,
      sort: [{ by: 'field', field: 'published_at', direction: 'desc' }],
      limit: LIST_LIMIT,
    }),
    publishedCategories(ctx),
  ]);
  const posts = result.hits.flatMap(({ source }) => {
    if (source.status === 'deleted') return [];
    const { aggregate_version: _version, id: _id, ...listing } = source;
    return [listItemOf(listing)];
  });
  return { posts, total: result.total, categories };
}

/** Drafts and published posts alike, newest first by creation: the admin panel's list. */
export async function listAllPosts(ctx: BlogContext, query: ListQuery): Promise<PostList> {
  const where = {
    ...(query.status === 'draft' ? { status: 'draft' } : query.status === 'published' ? { status: 'published' } : {}),
  };
  const posts = await blogPosts.find(ctx.store, {
    where,
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: LIST_LIMIT,
  });
  const matching = query.category
    ? posts.filter((post) => post.category.toLowerCase() === query.category?.toLowerCase())
    : posts;
  const categories = [...new Set(posts.map((post) => post.category))];
  return { posts: matching.map((post) => listItemOf(toListing(post))), total: matching.length, categories };
}
