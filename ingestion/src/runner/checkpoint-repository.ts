/**
 * Checkpoints: one document per source + scope, rewritten after every page in the same transaction as the
 * ids that page contributed to a full sync. A killed run therefore resumes at the first page it had not
 * committed, and a resumed full sync still knows everything it saw before the kill.
 */
import type { DocumentStore, DocumentTransaction, Stored } from '@evently/platform';
import type { Cursor } from '../sources/source.ts';
import { CHECKPOINTS, FULL_SYNC_SEEN } from './collections.ts';
import type { RunCounts } from './run-counts.ts';
import { heldByAnother, type RunLease } from './run-lease.ts';

export type RunMode = 'full' | 'incremental';

export interface Checkpoint {
  source: string;
  scope: string;
  run_id: string;
  mode: RunMode;
  /** `running` until the run completes; a `running` checkpoint is what the next run resumes. */
  status: 'running' | 'completed';
  /** `pages` while reading the feed, `sweep` while a full sync removes what it did not see. */
  phase: 'pages' | 'sweep';
  /** Where the next page starts (null: from the beginning, or nothing left in `sweep`). */
  cursor: Cursor | null;
  counts: RunCounts;
  /** Time spent running so far, summed over resumes. */
  active_ms: number;
  run_started_at: string;
  estimated_total: number | null;
  last_completed_at: string | null;
  last_full_completed_at: string | null;
  /** Who is running this scope right now; null when nobody is. */
  lease: RunLease | null;
}

interface SeenPage {
  run_id: string;
  page: number;
  /** `source|external_id` of every active event the page held. */
  keys: string[];
}

export const checkpointId = (source: string, scope: string): string => `${source}:${scope}`;
export const seenKey = (source: string, externalId: string): string => `${source}|${externalId}`;

function withoutMeta(stored: Stored<Checkpoint>): Checkpoint {
  const { id: _id, version: _version, created_at: _created, updated_at: _updated, ...checkpoint } = stored;
  return { ...checkpoint, lease: checkpoint.lease ?? null };
}

export function createCheckpointRepository(store: DocumentStore) {
  async function write(tx: DocumentTransaction, checkpoint: Checkpoint): Promise<void> {
    const id = checkpointId(checkpoint.source, checkpoint.scope);
    const existing = await tx.get<Checkpoint>(CHECKPOINTS, id);
    if (existing) await tx.update<Checkpoint>(CHECKPOINTS, id, existing.version, checkpoint);
    else await tx.insert<Checkpoint>(CHECKPOINTS, { id, ...checkpoint });
  }

  return {
    load(source: string, scope: string): Promise<Stored<Checkpoint> | null> {
      return store.get<Checkpoint>(CHECKPOINTS, checkpointId(source, scope));
    },

    /**
     * Takes the scope for a run: in one transaction, refuses if another live run holds it, else writes the
     * checkpoint `open` derives from the stored one (resumed or fresh) with `lease`.
     */
    claim(
      source: string,
      scope: string,
      lease: RunLease,
      now: Date,
      open: (stored: Checkpoint | null) => Checkpoint,
    ): Promise<{ checkpoint: Checkpoint; previous: Checkpoint | null } | { busy: RunLease }> {
      return store.transaction(async (tx) => {
        const stored = await tx.get<Checkpoint>(CHECKPOINTS, checkpointId(source, scope));
        if (heldByAnother(stored?.lease, lease, now)) return { busy: stored!.lease! };
        const previous = stored ? withoutMeta(stored) : null;
        const checkpoint = { ...open(previous), lease };
        await write(tx, checkpoint);
        return { checkpoint, previous };
      });
    },

    save(checkpoint: Checkpoint): Promise<void> {
      return store.transaction((tx) => write(tx, checkpoint));
    },

    /**
     * Commits a page: its seen ids (full sync only) and the checkpoint pointing past it, atomically. The
     * checkpoint's page count (already including this page) numbers the seen document.
     */
    savePage(checkpoint: Checkpoint, seenKeys: string[] | null): Promise<void> {
      return store.transaction(async (tx) => {
        if (seenKeys) {
          const page = checkpoint.counts.pages;
          await tx.insert<SeenPage>(FULL_SYNC_SEEN, {
            id: `${checkpoint.run_id}:${page}`,
            run_id: checkpoint.run_id,
            page,
            keys: seenKeys,
          });
        }
        await write(tx, checkpoint);
      });
    },

    async seenKeys(runId: string): Promise<Set<string>> {
      const pages = await store.find<SeenPage>(FULL_SYNC_SEEN, { where: { run_id: runId } });
      return new Set(pages.flatMap((page) => page.keys));
    },

    /** Forgets a full sync's seen ids once it has completed (or been abandoned). */
    async dropSeen(runId: string): Promise<void> {
      const pages = await store.find<SeenPage>(FULL_SYNC_SEEN, { where: { run_id: runId } });
      if (pages.length === 0) return;
      await store.transaction(async (tx) => {
        for (const page of pages) await tx.delete(FULL_SYNC_SEEN, page.id);
      });
    },
  };
}

export type CheckpointRepository = ReturnType<typeof createCheckpointRepository>;
