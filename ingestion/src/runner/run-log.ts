/** One `ingestion_runs` document per run (a resumed run updates its own record), for operators and the scheduler. */
import type { DocumentStore } from '@evently/platform';
import type { RunMode } from './checkpoint-repository.ts';
import { RUNS } from './collections.ts';
import type { RunCounts } from './run-counts.ts';

export type RunStatus = 'running' | 'completed' | 'failed' | 'interrupted';

export interface RunRecord {
  source: string;
  scope: string;
  mode: RunMode;
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  resumes: number;
  counts: RunCounts;
  duration_ms: number;
  error: string | null;
}

export function createRunLog(store: DocumentStore) {
  return {
    async write(runId: string, record: RunRecord): Promise<void> {
      await store.transaction(async (tx) => {
        const existing = await tx.get<RunRecord>(RUNS, runId);
        if (existing) await tx.update<RunRecord>(RUNS, runId, existing.version, record);
        else await tx.insert<RunRecord>(RUNS, { id: runId, ...record });
      });
    },

    get(runId: string) {
      return store.get<RunRecord>(RUNS, runId);
    },
  };
}

export type RunLog = ReturnType<typeof createRunLog>;
