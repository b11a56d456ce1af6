/** The collections the ingestion workers keep in the DocumentStore (created by `store.init`). */
import type { CollectionSpec } from '@evently/platform';

export const CHECKPOINTS = 'ingestion_checkpoints';
export const RUNS = 'ingestion_runs';
export const QUARANTINE = 'ingestion_quarantine';
/** External ids a full sync has seen so far, one document per page, so a resumed full sync still knows them. */
export const FULL_SYNC_SEEN = 'ingestion_full_sync_seen';

export const INGESTION_COLLECTIONS: CollectionSpec[] = [
  { name: CHECKPOINTS, indexes: [['source']] },
  { name: RUNS, indexes: [['source', 'started_at'], ['status']] },
  { name: QUARANTINE, indexes: [['source', 'external_id'], ['last_seen_at']] },
  { name: FULL_SYNC_SEEN, indexes: [['run_id', 'page']] },
];
