/** One `ingestion_runs` document per run (a resumed run updates its own record), for operators and the scheduler. */
import { defineCollection, type DocumentStore } from '@evently/platform';
import { z } from 'zod';
import { runModeSchema } from './checkpoint-repository.ts';
import { runCountsSchema } from './run-counts.ts';

const runRecordSchema = z.object({
  source: z.string(),
  scope: z.string(),
  mode: runModeSchema,
  status: z.enum(['running', 'completed', 'failed', 'interrupted']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  resumes: z.number(),
  counts: runCountsSchema,
  duration_ms: z.number(),
  error: z.string().nullable(),
});

export type RunRecord = z.infer<typeof runRecordSchema>;
export type RunStatus = RunRecord['status'];

/** One document per run, its id the run's id. */
const runs = defineCollection({
  name: 'ingestion_runs',
  indexes: [['source', 'started_at'], ['status']],
  schema: runRecordSchema,
});

export const runCollections = [runs.spec];

export function createRunLog(store: DocumentStore) {
  return {
    async write(runId: string, record: RunRecord): Promise<void> {
      await store.transaction(async (tx) => {
        const existing = await runs.get(tx, runId);
        if (existing) await runs.update(tx, runId, existing.version, record);
        else await runs.insert(tx, { id: runId, ...record });
      });
    },

    get(runId: string) {
      return runs.get(store, runId);
    },
  };
}

export type RunLog = ReturnType<typeof createRunLog>;
