/**
 * An aggregate deleted for good: read inside one transaction, deleted at the version read together with what
 * belongs to it, and announced by a message one version past its last, so the announcement outranks every
 * earlier message of the aggregate. A writer that changed it meanwhile makes the whole deletion run again.
 */
import type { OutboxRecord } from '../bus/envelope.ts';
import type { Collection } from './collection.ts';
import type { DocumentStore, DocumentTransaction, Stored } from './document-store.port.ts';
import { withVersionRetry, type VersionRetryOptions } from './version-retry.ts';

export interface AggregateDeletion<T> {
  store: DocumentStore;
  collection: Collection<T>;
  /** The aggregate to delete, or null when there is none. */
  find(tx: DocumentTransaction): Promise<Stored<T> | null>;
  /** Deletes, in the same transaction, what lives only for the aggregate (its slugs, its activity). */
  alsoDelete?(tx: DocumentTransaction, aggregate: Stored<T>): Promise<void>;
  /** The message announcing the deletion, at the version it must carry. */
  announce(aggregate: Stored<T>, version: number): OutboxRecord;
  retry?: VersionRetryOptions;
}

/** True when an aggregate was deleted, false when `find` found none. */
export function deleteAggregate<T>(deletion: AggregateDeletion<T>): Promise<boolean> {
  return withVersionRetry(
    () =>
      deletion.store.transaction(async (tx) => {
        const aggregate = await deletion.find(tx);
        if (!aggregate) return false;
        await deletion.collection.delete(tx, aggregate.id, aggregate.version);
        await deletion.alsoDelete?.(tx, aggregate);
        await tx.appendOutbox([deletion.announce(aggregate, aggregate.version + 1)]);
        return true;
      }),
    deletion.retry,
  );
}
