/**
 * The production outbox: a collection written by the same session as the documents, so a change and the
 * messages announcing it commit together. Each record gets a client-made ObjectId as `_id`, so appending
 * touches no shared document and unrelated transactions never conflict (there used to be one counter every
 * transaction incremented). `pending()` reads by `_id`, pulls in the other pending records of the keys it
 * found and orders each key by aggregate_version (outbox-order.ts): per-key commit order, which is what
 * the bus promises, holds whatever order the ObjectIds of several processes have. A record committed late is
 * never skipped: pending means `relayed: false`, not "above a position".
 *
 * Wake-ups: `notifyCommitted()` fires the listeners right after a local commit; a change stream on the
 * collection also wakes them when another process (another api replica, the ingestion worker) commits.
 * The stream sees local inserts too, so the sequence numbers of a local transaction are registered just
 * before it commits and their change events are ignored: each commit wakes the listeners once.
 */
import type { mongo } from 'mongoose';
import type { Logger } from 'pino';
import { envelopeSchema, type OutboxRecord, type OutboxSource, type PendingOutboxRecord } from '@evently/platform';
import { createLocalCommitFilter } from './local-commit-filter.ts';
import { orderForRelay, type OrderedPending } from './outbox-order.ts';

export interface OutboxDocument {
  /** ObjectId; a number for records written before decision 019 (they sort first in BSON order). */
  _id: mongo.ObjectId | number;
  /** Copied from the record, for the pull-in by key (absent on records older than decision 019). */
  topic?: string;
  key?: string;
  aggregate_version?: number;
  /** The record as JSON text: message data may hold keys (`$x`, `a.b`) that BSON field names cannot. */
  payload: string;
  relayed: boolean;
  created_at: Date;
  relayed_at?: Date;
}

/** The driver's ObjectId, loaded with mongoose on first use as the store loads it: embedded processes never pay for it. */
const objectIds = async (): Promise<typeof mongo.ObjectId> => (await import('mongoose')).default.mongo.ObjectId;

const WATCH_RETRY_FIRST_MS = 1_000;
/** A registered local sequence number whose change event never came (aborted commit) is forgotten after this. */
const LOCAL_SEQ_TTL_MS = 5 * 60_000;
const WATCH_RETRY_MAX_MS = 30_000;

export interface MongoOutbox extends OutboxSource {
  /** Writes the records in the session and returns their ids (as text). */
  append(session: mongo.ClientSession, records: OutboxRecord[]): Promise<string[]>;
  /** Called right before a transaction that appended `seqs` commits. */
  expectLocalCommit(seqs: string[]): void;
  notifyCommitted(): void;
  close(): Promise<void>;
}

export function createMongoOutbox(deps: {
  outbox: () => Promise<mongo.Collection<OutboxDocument>>;
  logger: Logger;
}): MongoOutbox {
  const listeners = new Set<() => void>();
  let stream: mongo.ChangeStream | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = WATCH_RETRY_FIRST_MS;
  let closed = false;
  const localCommits = createLocalCommitFilter(LOCAL_SEQ_TTL_MS);

  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        deps.logger.error({ err: error }, 'outbox commit listener failed');
      }
    }
  };

  const stopWatching = async () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = stream;
    stream = null;
    await current?.close().catch(() => undefined);
  };

  const scheduleWatch = () => {
    if (closed || listeners.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void watch();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, WATCH_RETRY_MAX_MS);
  };

  const watch = async () => {
    if (closed || stream || listeners.size === 0) return;
    try {
      const collection = await deps.outbox();
      const opened = collection.watch([{ $match: { operationType: 'insert' } }]);
      stream = opened;
      opened.on('change', (change) => {
        retryDelay = WATCH_RETRY_FIRST_MS;
        const seq = 'documentKey' in change ? String(change.documentKey._id) : '';
        if (localCommits.consume(seq)) return;
        notify();
      });
      // A change stream dies with its cursor (primary step-down, network loss); reopen it with backoff.
      // Until it is back, local commits still wake the relay and its safety poll picks up other processes'.
      opened.on('error', (error) => {
        deps.logger.warn({ err: error }, 'outbox change stream failed; reopening');
        if (stream === opened) stream = null;
        void opened.close().catch(() => undefined);
        scheduleWatch();
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'outbox change stream unavailable; retrying');
      scheduleWatch();
    }
  };

  return {
    async append(session, records) {
      if (records.length === 0) return [];
      const now = new Date();
      const ObjectId = await objectIds();
      // One process's ObjectIds increase (its counter part), so a transaction's records keep their order.
      const documents: OutboxDocument[] = records.map((record) => ({
        _id: new ObjectId(),
        topic: record.topic,
        key: record.key,
        aggregate_version: record.aggregate_version,
        payload: JSON.stringify(record),
        relayed: false,
        created_at: now,
      }));
      await (await deps.outbox()).insertMany(documents, { session, ordered: true });
      return documents.map((document) => String(document._id));
    },

    expectLocalCommit(seqs) {
      if (listeners.size === 0 || seqs.length === 0) return;
      localCommits.expect(seqs);
    },

    async pending(limit: number): Promise<PendingOutboxRecord[]> {
      const collection = await deps.outbox();
      const page = await collection.find({ relayed: false }).sort({ _id: 1 }).limit(limit).toArray();
      if (page.length === 0) return [];
      // Same keys, still pending, outside the page: an older change whose ObjectId sorted later.
      const keys = [...new Set(page.flatMap((row) => (row.key === undefined ? [] : [row.key])))];
      const more =
        keys.length === 0
          ? []
          : await collection
              .find({ relayed: false, key: { $in: keys }, _id: { $nin: page.map((row) => row._id) } })
              .sort({ _id: 1 })
              .toArray();
      const ordered: OrderedPending[] = [...page, ...more].map((row, position) => ({
        seq: String(row._id),
        record: envelopeSchema.parse(JSON.parse(row.payload)) as OutboxRecord,
        position,
      }));
      return orderForRelay(ordered);
    },

    async markRelayed(seqs: string[]): Promise<void> {
      if (seqs.length === 0) return;
      const ObjectId = await objectIds();
      const ids = seqs.map((seq): mongo.ObjectId | number => {
        if (/^[0-9a-f]{24}$/.test(seq)) return new ObjectId(seq);
        const id = Number(seq);
        if (!Number.isSafeInteger(id)) throw new Error(`Not an outbox record id: ${seq}`);
        return id;
      });
      await (
        await deps.outbox()
      ).updateMany({ _id: { $in: ids } }, { $set: { relayed: true, relayed_at: new Date() } });
    },

    onCommit(listener: () => void): () => void {
      listeners.add(listener);
      void watch();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) void stopWatching();
      };
    },

    notifyCommitted: notify,

    async close() {
      closed = true;
      listeners.clear();
      localCommits.clear();
      await stopWatching();
    },
  };
}
