/**
 * Keeps `blog_listings` from `evently.blog`. Idempotent and order-tolerant: a message is applied only when its
 * aggregate_version is newer than the document's, so redeliveries and a replay from offset zero end in the
 * same documents. During a rebuild it folds the replay in memory (a rebuild copy cannot be read back) and
 * writes the copy when the replay has caught up, like the events module's rating projector.
 */
import type { Delivered, IndexRebuild, ModuleDeps, Projector, SearchIndex } from '@evently/platform';
import { BLOG_TOPIC, blogMessageTypes, blogPostDeletedSchema, blogPostListingSchema } from '../../contracts/messages.ts';
import { BLOG_LISTINGS_INDEX, type ListingDocument } from './blog-listings-index.ts';

export const BLOG_LISTINGS_PROJECTOR = 'blog-listings';

type Slot = { doc: ListingDocument | null; dirty: boolean };

export function createBlogListingsProjector(deps: { search: SearchIndex; logger: ModuleDeps['logger'] }): Projector {
  let rebuild: { writer: IndexRebuild; docs: Map<string, ListingDocument> } | null = null;

  async function current(id: string): Promise<ListingDocument | null> {
    if (rebuild) return rebuild.docs.get(id) ?? null;
    return (await deps.search.get(BLOG_LISTINGS_INDEX, id)) as ListingDocument | null;
  }

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

  return {
    name: BLOG_LISTINGS_PROJECTOR,
    topics: [BLOG_TOPIC],
    searchIndexes: [BLOG_LISTINGS_INDEX],
    async apply(batch) {
      const slots = new Map<string, Slot>();
      for (const message of batch) {
        if (message.topic !== BLOG_TOPIC) continue;
        const next = documentFor(message);
        if (!next) continue;
        let slot = slots.get(message.key);
        if (!slot) {
          slot = { doc: await current(message.key), dirty: false };
          slots.set(message.key, slot);
        }
        if (next.aggregate_version <= (slot.doc?.aggregate_version ?? 0)) continue;
        slot.doc = next;
        slot.dirty = true;
      }
      const upserts = [...slots.values()].flatMap((slot) => (slot.dirty && slot.doc ? [slot.doc] : []));
      if (upserts.length === 0) return;
      if (rebuild) {
        for (const doc of upserts) rebuild.docs.set(doc.id, doc);
        return;
      }
      await deps.search.upsert(BLOG_LISTINGS_INDEX, upserts);
    },
    async beginRebuild() {
      rebuild = { writer: await deps.search.beginRebuild(BLOG_LISTINGS_INDEX), docs: new Map() };
    },
    async finishRebuild() {
      if (!rebuild) return;
      await rebuild.writer.upsert([...rebuild.docs.values()]);
      await rebuild.writer.commit();
      rebuild = null;
    },
  };
}
