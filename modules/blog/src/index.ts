/**
 * The blog module's only public door: posts with drafts and previews, their safe rendering, the public list
 * read from a projection, the RSS feed, and the starter posts. See ../CONTEXT.md for its vocabulary.
 */
export { createBlogModule, type BlogModule, type BlogOptions } from './blog-module.ts';
export type { PostListItem, PostView } from './domain/post-views.ts';
export type { PostStatus } from './domain/post.ts';
export type { CoverAspect, CoverFit, CoverWidth } from './domain/cover.ts';
export { POST_STATUSES } from './domain/post.ts';
export { COVER_ASPECTS, COVER_FITS, COVER_WIDTHS, COVER_WIDTH_ALIASES } from './domain/cover.ts';
export { renderContent } from './domain/render-content.ts';
export {
  BLOG_TOPIC,
  blogMessageTypes,
  blogPostDeletedSchema,
  blogPostListingSchema,
  type BlogPostDeleted,
  type BlogPostListing,
} from './contracts/messages.ts';
export { FEED_PATH } from './application/feed/rss-feed.ts';
export { POST_NOT_FOUND_MESSAGE } from './http/blog.router.ts';
export { BLOG_LISTINGS_INDEX } from './application/projections/blog-listings-index.ts';

// Request schemas of the HTTP calls, for the backend's OpenAPI document (`/api/openapi.json`).
export {
  createPostSchema as blogCreatePostSchema,
  updatePostSchema as blogUpdatePostSchema,
  listQuerySchema as blogListQuerySchema,
} from './contracts/post-input.ts';
