import { api } from '../../app/api.ts';
import type { Post, PostList } from '@evently/blog/contracts';

const EMPTY: PostList = { posts: [], total: 0, categories: [] };

export const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Published posts, newest first; `category` narrows them (spec 02 §7 GET /api/blog/posts). */
    blogPosts: build.query<PostList, { category?: string }>({
      query: ({ category }) => ({ url: '/blog/posts', params: category ? { category } : undefined }),
      transformResponse: (body: PostList | null) => body ?? EMPTY,
      providesTags: [{ type: 'BlogPost', id: 'PUBLIC_LIST' }],
    }),
    /**
     * One post by slug. A renamed post's old slug is redirected by the server (308) and fetch follows it, so
     * the answer's `slug` may differ from the one asked for. `preview` asks for drafts (administrators only).
     */
    blogPost: build.query<Post, { slug: string; preview?: boolean }>({
      query: ({ slug, preview }) => ({
        url: `/blog/posts/${encodeURIComponent(slug)}`,
        params: preview ? { preview: 1 } : undefined,
      }),
      providesTags: (post) => [{ type: 'BlogPost', id: post?.id ?? 'UNKNOWN' }],
    }),
  }),
});

export const { useBlogPostsQuery, useBlogPostQuery } = blogApi;
