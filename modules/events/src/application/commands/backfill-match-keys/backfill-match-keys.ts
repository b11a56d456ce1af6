/**
 * Gives events stored before the offer matcher's lookup keys existed (match-keys.ts) their keys, so the
 * matcher's "no keys" lookup stops reading them and matching stays O(venue) on an existing catalogue
 * (decision 021). The keys are storage only: the update publishes no message, so projectors see nothing.
 *
 * Idempotent and resumable without any state of its own: a record without `match_venue` is the work left, so
 * a second run, or a run after a crash, finds only what is still missing. Records are walked by id with a
 * keyset cursor and the one condition `match_venue: null`: no store index leads with that field, so both
 * engines read their id index in order and the whole walk is one pass over the collection, whatever share
 * of it still lacks keys (an index on (status, match_venue) would need every remaining record sorted by id
 * for each batch).
 *
 * Each record is updated at the version it was read at: a real write that committed in between wins (the
 * update fails with ConcurrencyError), and the record is read again and retried, so no change is lost and
 * the keys always describe the fields they were derived from.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import {
  ConcurrencyError,
  type DocumentReader,
  type DocumentStore,
  type ModuleDeps,
  type Stored,
} from '@evently/platform';
import { storedEventSchema } from '../../../contracts/stored-event.ts';
import { matchKeys } from '../../../domain/matching/match-keys.ts';
import { eventMatchFields, eventsCollection, type EventMatchFields } from '../../../infra/collections.ts';

type StoredRecord = Stored<EventMatchFields>;

export interface BackfillOptions {
  store: DocumentStore;
  logger: ModuleDeps['logger'];
  /** Records per transaction: small, because the embedded engine serialises every writer behind one. */
  batchSize?: number;
  /** Asked before each batch; false stops the walk (shutdown, or the lease was lost). */
  keepGoing?: () => boolean | Promise<boolean>;
  /** How often progress is logged. */
  progressEveryMs?: number;
}

export interface BackfillReport {
  /** Records that got their keys. */
  updated: number;
  /** Records still without keys when the walk ended: stopped early, or lost every retry to real writes. */
  left: number;
}

const DEFAULT_BATCH = 200;
/** Tries per record when real writes keep changing it between our read and our update. */
const MAX_ATTEMPTS = 3;

const lacksKeys = (event: EventMatchFields) => event.match_venue == null;

const STATUSES = storedEventSchema.shape.status.options;

/**
 * Records without keys, whatever their status (a cancelled record may come back). Naming every status lets
 * the (status, match_venue, start_utc) index answer, so a keyed catalogue costs each start a few index reads.
 */
export const countWithoutKeys = (store: DocumentReader) =>
  eventsCollection.count(store, { status: { in: [...STATUSES] }, match_venue: null });

/** One transaction: each record gets its keys if it is still at the version read. Returns the ids that were not. */
async function keyRecords(store: DocumentStore, records: StoredRecord[]): Promise<string[]> {
  // Built inside the callback: the production adapter may run it again after a transient conflict.
  return store.transaction(async (tx) => {
    const conflicts: string[] = [];
    for (const record of records) {
      try {
        await eventMatchFields.update(tx, record.id, record.version, matchKeys(record));
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        conflicts.push(record.id);
      }
    }
    return conflicts;
  });
}

/** Keys `records`, reading again and retrying those a real write changed meanwhile. Returns how many it keyed. */
async function keyWithRetries(
  store: DocumentStore,
  records: StoredRecord[],
): Promise<{ keyed: number; gaveUp: number }> {
  let pending = records;
  let keyed = 0;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const conflicts = await keyRecords(store, pending);
    keyed += pending.length - conflicts.length;
    if (conflicts.length === 0 || attempt >= MAX_ATTEMPTS) return { keyed, gaveUp: conflicts.length };
    // A real write may itself have given the record its keys (a source change does): then nothing is left.
    const fresh = await Promise.all(conflicts.map((id) => eventMatchFields.get(store, id)));
    pending = fresh.filter((event): event is StoredRecord => event !== null && lacksKeys(event));
  }
  return { keyed, gaveUp: 0 };
}

export async function backfillMatchKeys(options: BackfillOptions): Promise<BackfillReport> {
  const { store, logger } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const progressEveryMs = options.progressEveryMs ?? 10_000;
  const total = await countWithoutKeys(store);
  if (total === 0) return { updated: 0, left: 0 };
  const startedAt = Date.now();
  let loggedAt = startedAt;
  let updated = 0;
  let gaveUp = 0;
  let after: string | null = null;
  let stopped = false;
  logger.info({ total }, 'match keys backfill: keying events stored before the offer-match keys');
  for (;;) {
    if (options.keepGoing && !(await options.keepGoing())) {
      stopped = true;
      break;
    }
    const batch = await eventMatchFields.find(store, {
      where: { match_venue: null, ...(after === null ? {} : { id: { gt: after } }) },
      sort: [{ field: 'id', direction: 'asc' }],
      limit: batchSize,
    });
    const last = batch.at(-1);
    if (!last) break;
    after = last.id;
    const result = await keyWithRetries(store, batch);
    updated += result.keyed;
    gaveUp += result.gaveUp;
    if (Date.now() - loggedAt >= progressEveryMs) {
      loggedAt = Date.now();
      logger.info(
        { updated, total, at: after, perSecond: Math.round(updated / ((loggedAt - startedAt) / 1000)) },
        'match keys backfill: progress',
      );
    }
    // Lets requests in between batches: in the embedded `all` process they share this event loop.
    await yieldToOthers();
  }
  const left = await countWithoutKeys(store);
  const report = { updated, left };
  const ms = Date.now() - startedAt;
  if (stopped) logger.info({ ...report, ms }, 'match keys backfill: stopped before the end; a worker resumes it');
  else if (left > 0)
    logger.warn(
      { ...report, gaveUp, ms },
      'match keys backfill: some events still have no keys; the next worker start resumes',
    );
  else logger.info({ ...report, ms }, 'match keys backfill: done');
  return report;
}
