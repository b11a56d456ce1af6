/**
 * The `blog_listings` SearchIndex: the public blog list's read model. One document per post, holding its
 * listing fields (no body) and the `aggregate_version` of the newest message applied. Deleted posts stay as
 * tombstones (`status: deleted`), so a redelivered older message cannot bring a deleted post back.
 */
import type { IndexDocument, IndexSchema } from '@evently/platform';
import type { BlogPostListing } from '../../contracts/messages.ts';

export const BLOG_LISTINGS_INDEX = 'blog_listings';

export const blogListingsIndexSchema: IndexSchema = {
  name: BLOG_LISTINGS_INDEX,
  fields: {
    title: { type: 'text', boost: 2 },
    excerpt: { type: 'text' },
    tags: { type: 'text' },
    status: { type: 'keyword' },
    category: { type: 'keyword' },
    published_at: { type: 'date' },
  },
};

export type ListingDocument = IndexDocument &
  (
    | (BlogPostListing & { aggregate_version: number })
    | { post_id: string; slug: string; status: 'deleted'; aggregate_version: number }
  );
