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

export function createLatestVersionProjector<D extends VersionedDocument>(
  options: LatestVersionProjectorOptions<D>,
): Projector {
  const { search, index } = options;

  /** Applies a batch to a read model: the serving index, or the copy a rebuild is filling. */
  const applyTo = async (target: Target, batch: Delivered[]): Promise<void> => {
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
    const upserts = [...newest.values()].filter(
      (doc) => doc.aggregate_version > Number(stored.get(doc.id)?.aggregate_version ?? 0),
    );
    // Versioned: a replay and the live projector may write the same copy for a moment after a swap, and the
    // engine keeps the newer document whichever comes last.
    if (upserts.length > 0) await target.upsert(upserts, VERSIONED);
  };

  const live: Target = {
    getMany: (ids) => search.getMany(index, ids),
    upsert: (docs, upsertOptions) => search.upsert(index, docs, upsertOptions),
  };

  return {
    name: options.name,
    topics: [options.topic],
    searchIndexes: [index],
    apply: (batch) => applyTo(live, batch),
    async beginRebuild() {
      const copy = await search.beginRebuild(index);
      return {
        apply: (batch) => applyTo(copy, batch),
        finish: () => copy.commit(),
        abort: () => copy.abort(),
      };
    },
  };
}

const VERSIONED = { versionField: 'aggregate_version' } as const;

type Target = Pick<IndexRebuild, 'getMany' | 'upsert'>;
