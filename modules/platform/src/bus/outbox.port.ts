/**
 * The store side of the transactional outbox. Each DocumentStore adapter exposes one; the relay
 * (`outbox-relay.ts`) moves committed records to the EventBus and marks them relayed.
 *
 * When the store and the bus are both the embedded SQLite engine they share one file and the outbox table
 * *is* the log: `appendOutbox` writes straight into it, `pending` is always empty, and the relay's only job is
 * to wake subscribers the moment a transaction commits.
 */
import type { OutboxRecord } from './envelope.ts';

export interface PendingOutboxRecord {
  /** Store-specific position, increasing in commit order. */
  seq: string;
  record: OutboxRecord;
}

export interface OutboxSource {
  /** Committed records not yet relayed, oldest first. */
  pending(limit: number): Promise<PendingOutboxRecord[]>;
  markRelayed(seqs: string[]): Promise<void>;
  /** Calls `listener` after every commit that appended outbox records; returns an unsubscribe function. */
  onCommit(listener: () => void): () => void;
}
