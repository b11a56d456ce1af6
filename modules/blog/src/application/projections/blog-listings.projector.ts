/**
 * Keeps `blog_listings` from `evently.blog`. Idempotent and order-tolerant: a message is applied only when its
 * aggregate_version is newer than the document's, so redeliveries and a replay from offset zero end in the
 * same documents (the platform's latest-version projector).
 */
import {
  createLatestVersionProjector,
  type Delivered,
  type ModuleDeps,
  type Projector,
  type SearchIndex,
} from '@evently/platform';
import {
  BLOG_TOPIC,
  blogMessageTypes,
  blogPostDeletedSchema,
  blogPostListingSchema,
} from '../../contracts/messages.ts';
import { BLOG_LISTINGS_INDEX, type ListingDocument } from './blog-listings-index.ts';

export const BLOG_LISTINGS_PROJECTOR = 'blog-listings';

export function createBlogListingsProjector(deps: { search: SearchIndex; logger: ModuleDeps['logger'] }): Projector {
  function documentFor(message: Delivered): ListingDocument | null {
    const version = message.aggregate_version;
    if (message.type === blogMessageTypes.deleted) {
      const parsed = blogPostDeletedSchema.safeParse(message.data);
      if (parsed.success) return { id: message.key, ...parsed.data, status: 'deleted', aggregate_version: version };
    } else if (Object.values(blogMessageTypes).includes(message.type as never)) {
      const parsed = blogPostListingSchema.safeParse(message.data);
      if (parsed.success) return { id: message.key, ...parsed.data, aggregate_version: version };
    } else {
      deps.logger.warn({ type: message.type, id: message.key }, 'blog listings: unknown message type ignored');
      return null;
    }
    // Our own contract broke: skipping loudly keeps later posts flowing; a fixed producer plus a reindex repairs it.
    deps.logger.error({ type: message.type, id: message.key }, 'blog listings: malformed message skipped');
    return null;
  }

  return createLatestVersionProjector({
    name: BLOG_LISTINGS_PROJECTOR,
    topic: BLOG_TOPIC,
    index: BLOG_LISTINGS_INDEX,
    search: deps.search,
    documentFor,
  });
}
