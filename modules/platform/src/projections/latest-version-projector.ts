/**
 * A read model that keeps, per aggregate, the document its newest message describes. Idempotent and
 * order-tolerant: a message is applied only when its aggregate_version is newer than the stored document's,
 * so redeliveries and a replay from offset zero end in the same documents. Each batch reads what it needs in
 * one `getMany` and writes once; during a rebuild it streams into the copy being built (which reads back
 * like the live index), so memory stays flat however long the log is.
 */
import type { Delivered } from '../bus/envelope.ts';
import type { IndexDocument, IndexRebuild, SearchIndex } from '../search/search-index.port.ts';
import type { Projector } from './projector.ts';

export interface VersionedDocument extends IndexDocument {
  aggregate_version: number;
}

export interface LatestVersionProjectorOptions<D extends VersionedDocument> {
  name: string;
  topic: string;
  index: string;
  search: SearchIndex;
  /** The document a message describes, or null when this read model keeps nothing for it (logged there). */
  documentFor(message: Delivered): D | null;
}

export function createLatestVersionProjector<D extends VersionedDocument>(options: LatestVersionProjectorOptions<D>): Projector {
  const { search, index } = options;
  let rebuild: IndexRebuild | null = null;
  const target = {
    getMany: (ids: string[]) => (rebuild ? rebuild.getMany(ids) : search.getMany(index, ids)),
    upsert: (docs: D[]) => (rebuild ? rebuild.upsert(docs) : search.upsert(index, docs)),
  };

  return {
    name: options.name,
    topics: [options.topic],
    searchIndexes: [index],
    async apply(batch) {
      const newest = new Map<string, D>();
      for (const message of batch) {
        if (message.topic !== options.topic) continue;
        const next = options.documentFor(message);
        if (!next) continue;
        const seen = newest.get(next.id);
        if (!seen || next.aggregate_version > seen.aggregate_version) newest.set(next.id, next);
      }
      if (newest.size === 0) return;
      const stored = await target.getMany([...newest.keys()]);
      const upserts = [...newest.values()].filter((doc) => doc.aggregate_version > Number(stored.get(doc.id)?.aggregate_version ?? 0));
      if (upserts.length > 0) await target.upsert(upserts);
    },
    async beginRebuild() {
      rebuild = await search.beginRebuild(index);
    },
    async finishRebuild() {
      if (!rebuild) return;
      const writer = rebuild;
      rebuild = null;
      await writer.commit();
    },
  };
}
