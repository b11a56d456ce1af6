/**
 * Checkpoints: one document per source + scope, rewritten after every page in the same transaction as the
 * ids that page contributed to a full sync. A killed run therefore resumes at the first page it had not
 * committed, and a resumed full sync still knows everything it saw before the kill.
 */
import { defineCollection, type DocumentStore, type DocumentTransaction, type Stored } from '@evently/platform';
import { z } from 'zod';
import { runCountsSchema } from './run-counts.ts';
import { heldByAnother, runLeaseSchema, type RunLease } from './run-lease.ts';

export const runModeSchema = z.enum(['full', 'incremental']);
export type RunMode = z.infer<typeof runModeSchema>;

const checkpointSchema = z.object({
  source: z.string(),
  scope: z.string(),
  run_id: z.string(),
  mode: runModeSchema,
  /** `running` until the run completes; a `running` checkpoint is what the next run resumes. */
  status: z.enum(['running', 'completed']),
  /** `pages` while reading the feed, `sweep` while a full sync removes what it did not see. */
  phase: z.enum(['pages', 'sweep']),
  /** Where the next page starts (null: from the beginning, or nothing left in `sweep`). */
  cursor: z.record(z.string(), z.unknown()).nullable(),
  counts: runCountsSchema,
  /** Time spent running so far, summed over resumes. */
  active_ms: z.number(),
  run_started_at: z.string(),
  estimated_total: z.number().nullable(),
  last_completed_at: z.string().nullable(),
  last_full_completed_at: z.string().nullable(),
  /** Who is running this scope right now; null when nobody is (checkpoints from before leases lack it). */
  lease: runLeaseSchema.nullable().default(null),
});

export type Checkpoint = z.infer<typeof checkpointSchema>;

/** One document per source + scope, its id `checkpointId`. */
const checkpoints = defineCollection({
  name: 'ingestion_checkpoints',
  indexes: [['source']],
  schema: checkpointSchema,
});

/** External ids a full sync has seen so far, one document per page, so a resumed full sync still knows them. */
const seenPages = defineCollection({
  name: 'ingestion_full_sync_seen',
  indexes: [['run_id', 'page']],
  schema: z.object({
    run_id: z.string(),
    page: z.number(),
    /** `source|external_id` of every active event the page held. */
    keys: z.array(z.string()),
  }),
});

export const checkpointCollections = [checkpoints.spec, seenPages.spec];

export const checkpointId = (source: string, scope: string): string => `${source}:${scope}`;
export const seenKey = (source: string, externalId: string): string => `${source}|${externalId}`;

function withoutMeta(stored: Stored<Checkpoint>): Checkpoint {
  const { id: _id, version: _version, created_at: _created, updated_at: _updated, ...checkpoint } = stored;
  return checkpoint;
}

export function createCheckpointRepository(store: DocumentStore) {
  async function write(tx: DocumentTransaction, checkpoint: Checkpoint): Promise<void> {
    const id = checkpointId(checkpoint.source, checkpoint.scope);
    const existing = await checkpoints.get(tx, id);
    if (existing) await checkpoints.update(tx, id, existing.version, checkpoint);
    else await checkpoints.insert(tx, { id, ...checkpoint });
  }

  return {
    load(source: string, scope: string): Promise<Stored<Checkpoint> | null> {
      return checkpoints.get(store, checkpointId(source, scope));
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
        const stored = await checkpoints.get(tx, checkpointId(source, scope));
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
          await seenPages.insert(tx, {
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
      const pages = await seenPages.find(store, { where: { run_id: runId } });
      return new Set(pages.flatMap((page) => page.keys));
    },

    /** Forgets a full sync's seen ids once it has completed (or been abandoned). */
    async dropSeen(runId: string): Promise<void> {
      const pages = await seenPages.find(store, { where: { run_id: runId } });
      if (pages.length === 0) return;
      await store.transaction(async (tx) => {
        for (const page of pages) await seenPages.delete(tx, page.id);
      });
    },
  };
}

export type CheckpointRepository = ReturnType<typeof createCheckpointRepository>;
