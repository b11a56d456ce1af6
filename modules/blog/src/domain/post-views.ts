/**
 * The shapes the module answers with. A full post carries `content` (the Markdown source, for the editor) and
 * `content_html` (rendered by `render-content.ts`, safe to insert as it is); a list item carries neither.
 */
import type { Stored } from '@evently/platform';
import type { BlogPostListing } from '../contracts/messages.ts';
import type { Post as StoredPost } from './post.ts';
import type { Post, PostListItem } from '../contracts/post-answers.ts';
import { renderContent } from './render-content.ts';

export type { PostListItem };
export type PostView = Post;

export function toListing(post: Stored<StoredPost>): BlogPostListing {
  return {
    post_id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    tags: post.tags,
    cover_image: post.cover_image,
    cover_visible: post.cover_visible,
    cover_aspect: post.cover_aspect,
    cover_fit: post.cover_fit,
    cover_width: post.cover_width,
    status: post.status,
    published_at: post.published_at,
    minutes_read: post.minutes_read,
    created_at: post.created_at,
    updated_at: post.updated_at,
  };
}

export function listItemOf(listing: BlogPostListing): PostListItem {
  const { post_id, ...rest } = listing;
  return { id: post_id, ...rest };
}

export function toPostView(post: Stored<StoredPost>): PostView {
  return {
    ...listItemOf(toListing(post)),
    content: post.content,
    content_html: renderContent(post.content),
    version: post.version,
  };
}
