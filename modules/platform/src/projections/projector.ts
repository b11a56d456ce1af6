/**
 * A projector turns bus messages into read models (usually SearchIndex documents). The runner
 * (`projector-runner.ts`) gives each projector its own durable consumer group named `projector.<name>`.
 *
 * Two kinds share this shape. A read-model projector's `apply` must be idempotent and order-tolerant: it
 * compares `aggregate_version` with what the read model holds and ignores anything not newer, so replays and
 * redeliveries change nothing. A side-effect consumer (`sideEffects: true`: mail, pushes to outside systems)
 * acts at most once per message (see `effects/do-once.ts`) and is never replayed: `npm run reindex` and
 * `ProjectorRunner.rebuild` leave it alone, since replaying it would mail everyone again.
 */
import type { Delivered } from '../bus/envelope.ts';

export interface Projector {
  /** Stable name; also the consumer group suffix, so renaming it replays the log. */
  name: string;
  topics: string[];
  /** True for consumers with effects outside the read models (mail, pushes): never replayed. */
  sideEffects?: boolean;
  /**
   * Search indexes this projector fills. The worker replays the projector from the start of the log when one
   * of them is new or empty (e.g. `search.db` was lost while the store survived), since the projector's
   * committed offset would otherwise say it is caught up.
   */
  searchIndexes?: string[];
  apply(batch: Delivered[]): Promise<void>;
  /**
   * Starts a fresh read model for a replay from offset zero (`npm run reindex`, a new schema, a lost index),
   * e.g. via `SearchIndex.beginRebuild`. The replay applies to the returned copy while `apply` keeps feeding
   * the serving one, so live writes stay searchable until `finish` swaps the copy in.
   */
  beginRebuild?(): Promise<ProjectorRebuild>;
}

/** A read model being rebuilt beside the serving one. */
export interface ProjectorRebuild {
  /** Like `Projector.apply`, into the copy being built (reading it back, never the serving one). */
  apply(batch: Delivered[]): Promise<void>;
  /** Swaps the copy in; from then on `Projector.apply` writes to it. */
  finish(): Promise<void>;
  /** Drops the copy; the serving one stays. */
  abort(): Promise<void>;
}
