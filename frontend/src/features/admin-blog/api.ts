import { injectAdminEndpoints } from '../../lib/admin/admin-endpoints.ts';
import type { CreatePostBody, Post, PostListItem } from '@evently/blog/contracts';
import type { DraftForm } from './draft-form.ts';

const LIST_TAG = { type: 'BlogPost', id: 'ADMIN_LIST' } as const;

/** The body of POST and PUT (spec 02 §7): the form as the API reads it; tags stay a comma string. */
export function bodyOf(form: DraftForm): CreatePostBody {
  return { ...form, cover_image: form.cover_image.trim() || null };
}

/**
 * The panel's blog calls. They use the admin session cookie like every admin call; a 401 sends the panel to
 * the login, and the unsaved draft, kept on this device, comes back after it.
 */
export const adminBlogApi = injectAdminEndpoints((build) => ({
  adminPosts: build.query<PostListItem[], void>({
    query: () => ({ url: '/blog/posts', params: { status: 'all' } }),
    transformResponse: (body: { posts?: PostListItem[] } | null) => body?.posts ?? [],
    providesTags: [LIST_TAG],
  }),
  /** A post with its Markdown source, drafts included (`?preview=1`). */
  adminPost: build.query<Post, string>({
    query: (slug) => ({ url: `/blog/posts/${encodeURIComponent(slug)}`, params: { preview: 1 } }),
    keepUnusedDataFor: 0,
  }),
  savePost: build.mutation<Post, { id: string | null; form: DraftForm }>({
    query: ({ id, form }) => ({
      url: id ? `/blog/posts/${encodeURIComponent(id)}` : '/blog/posts',
      method: id ? 'PUT' : 'POST',
      body: bodyOf(form),
    }),
    // The public list and any open post page show the change too.
    invalidatesTags: (post) => [
      LIST_TAG,
      { type: 'BlogPost', id: 'PUBLIC_LIST' },
      ...(post ? [{ type: 'BlogPost' as const, id: post.id }] : []),
    ],
  }),
  deletePost: build.mutation<unknown, string>({
    query: (id) => ({ url: `/blog/posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: (_result, _error, id) => [
      LIST_TAG,
      { type: 'BlogPost', id: 'PUBLIC_LIST' },
      { type: 'BlogPost', id },
    ],
  }),
}));

export const { useAdminPostsQuery, useLazyAdminPostQuery, useSavePostMutation, useDeletePostMutation } = adminBlogApi;
