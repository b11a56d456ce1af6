/**
 * DocumentStore: the write-side persistence port. Modules keep their aggregates here as JSON documents in
 * named collections. Every write happens inside `transaction`, which also carries the outbox records of the
 * change, so a change and the message that announces it commit together or not at all.
 *
 * Adapters: `sqlite/` (embedded profile, better-sqlite3) and `mongo/` (production, mongoose on a replica set).
 * Both pass `document-store.contract.ts`.
 */
import type { OutboxRecord } from '../bus/envelope.ts';
import type { OutboxSource } from '../bus/outbox.port.ts';

/** Values a filter can compare against. Dates travel as ISO-8601 strings and compare lexicographically. */
export type Scalar = string | number | boolean | null;

/** A condition on one field. A bare scalar means equality; `null` matches a missing or null field. */
export type FieldCondition =
  | Scalar
  | {
      eq?: Scalar;
      ne?: Scalar;
      gt?: string | number;
      gte?: string | number;
      lt?: string | number;
      lte?: string | number;
      in?: Scalar[];
      /** Case-insensitive substring match; only on fields listed in the collection's `containsFields`. */
      contains?: string;
    };

/** Field conditions are ANDed; `or` holds alternatives, each itself an AND of conditions. */
export interface Where {
  [field: string]: FieldCondition | Where[] | undefined;
  or?: Where[];
}

export type SortDirection = 'asc' | 'desc';

export interface FindArgs {
  where?: Where;
  /** Applied in order; the adapter always appends `id asc` as the final tie-breaker. */
  sort?: Array<{ field: string; direction: SortDirection }>;
  skip?: number;
  limit?: number;
}

/** Metadata every stored document carries; `version` starts at 1 and grows by one per update. */
export interface DocumentMeta {
  id: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export type Stored<T> = T & DocumentMeta;

/** Fields of `T` a caller may set; metadata is owned by the store. */
export type DocumentBody<T> = Omit<T, keyof DocumentMeta>;

export interface CollectionSpec {
  name: string;
  /** Each entry is a set of fields whose combined values must be unique (missing values do not collide). */
  unique?: string[][];
  /** Secondary indexes for fields that are filtered or sorted on. */
  indexes?: string[][];
  /** Fields that accept the case-insensitive `contains` condition. */
  containsFields?: string[];
}

/** Thrown when an update or delete names a version that is no longer current. */
export class ConcurrencyError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly expectedVersion: number,
  ) {
    super(`${collection}/${id} is no longer at version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

/** Thrown when an insert or update would break a unique constraint. */
export class UniqueConstraintError extends Error {
  constructor(
    readonly collection: string,
    readonly fields: string[],
  ) {
    super(`${collection}: another document already has the same ${fields.join(' + ')}`);
    this.name = 'UniqueConstraintError';
  }
}

/** Reads, available both on the store and inside a transaction. */
export interface DocumentReader {
  get<T>(collection: string, id: string): Promise<Stored<T> | null>;
  findOne<T>(collection: string, where: Where): Promise<Stored<T> | null>;
  find<T>(collection: string, args?: FindArgs): Promise<Array<Stored<T>>>;
  count(collection: string, where?: Where): Promise<number>;
}

/** Everything a unit of work may do; all of it commits or rolls back together. */
export interface DocumentTransaction extends DocumentReader {
  /**
   * `id` is generated (a UUID) when the body has none. Returns the stored document: the body's fields (a
   * top-level undefined left out) and the metadata; nested values may be the body's own objects, not copies.
   */
  insert<T>(collection: string, body: DocumentBody<T> & { id?: string }): Promise<Stored<T>>;
  /** Merges `patch` into the document if it is still at `expectedVersion`; otherwise ConcurrencyError. */
  update<T>(
    collection: string,
    id: string,
    expectedVersion: number,
    patch: Partial<DocumentBody<T>>,
  ): Promise<Stored<T>>;
  delete(collection: string, id: string, expectedVersion?: number): Promise<boolean>;
  /** Atomically increments and returns a named counter (first value 1). */
  nextCounter(name: string): Promise<number>;
  /**
   * Takes `count` consecutive values of a named counter in one step and returns the first: the values
   * `count` calls of `nextCounter` would have returned, for bulk inserts that number many documents.
   */
  nextCounterRange(name: string, count: number): Promise<number>;
  /** Queues a message; it reaches the bus only if the transaction commits. */
  appendOutbox(records: OutboxRecord[]): Promise<void>;
}

export interface DocumentStore extends DocumentReader {
  readonly engine: 'sqlite' | 'mongodb';
  /** The outbox this store's transactions append to, read by the relay. */
  readonly outbox: OutboxSource;
  /** Creates collections, indexes and unique constraints; safe to call again. */
  init(collections: CollectionSpec[]): Promise<void>;
  /**
   * Runs `work` as one atomic unit. The callback must only await operations of `tx` (the embedded engine
   * serialises transactions); it may be retried by the adapter on a transient conflict, so it must not have
   * side effects outside `tx`.
   */
  transaction<R>(work: (tx: DocumentTransaction) => Promise<R>): Promise<R>;
  /** Atomically increments and returns a named counter outside any transaction. */
  nextCounter(name: string): Promise<number>;
  /** Throws when the engine is unreachable (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
