/**
 * WAL checkpoints off the thread that serves requests. SQLite checkpoints on the connection that commits once
 * the WAL holds 1,000 pages: copying them into the database file and syncing it takes tens to hundreds of
 * milliseconds, and in a process that serves HTTP on the same thread as its writers (the `all` role: the
 * projector and the store's writes) every request queued behind that commit waits for it. Here the serving
 * connection's automatic checkpoint is off and a worker thread with its own connection runs a passive
 * checkpoint every `intervalMs`: it takes no lock a writer needs and skips what a reader still uses, so the WAL
 * stays bounded (the next writer starts the WAL over once everything is copied, and `journal_size_limit`
 * trims the file then) while nobody waits for it.
 *
 * Should the thread fail (it cannot start, it dies, or its checkpoints keep failing), the serving connection
 * checkpoints again by itself: a WAL that only grows would cost more than the pauses.
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

const THREAD_ENTRY = new URL('./wal-checkpoint.worker.mjs', import.meta.url);
/** SQLite's own threshold, restored when the thread is gone. */
const AUTOMATIC_PAGES = 1000;
/** The WAL file is trimmed to this after it starts over, so one burst does not leave a large file behind. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 500;
/**
 * Checkpoints failing in a row before the serving connection takes them back. A passive checkpoint reports a
 * reader or writer in its way as `busy`, not as an error, so an error is the disk or the file itself; a few in
 * a row (a second and a half apart at the default interval) mean the thread will not keep the WAL bounded.
 */
const FAILURES_BEFORE_FALLBACK = 3;

export interface CheckpointResult {
  /** 1 when a reader or a writer kept it from finishing (a passive checkpoint never waits). */
  busy: number;
  /** Frames in the WAL, and how many of them are in the database file now. */
  log: number;
  checkpointed: number;
}

export interface WalCheckpointer {
  /** A passive checkpoint now, besides the periodic ones. */
  checkpointNow(): Promise<CheckpointResult>;
  /** Checkpoints finished so far, periodic and asked. */
  readonly runs: number;
  close(): Promise<void>;
}

export interface WalCheckpointerOptions {
  intervalMs?: number;
  /** Told when the thread fails and the serving connection checkpoints by itself again. */
  onFailure?: (error: Error) => void;
  /** The thread's module (specs give one that cannot load, dies, or fails its checkpoints). */
  threadEntry?: URL;
}

/**
 * Takes checkpoints of `serving`'s file over: its connection stops checkpointing on commit and a worker thread
 * checkpoints instead. Other connections that write the file should stop too (`leaveCheckpointsToOthers`).
 */
export function startWalCheckpointer(
  serving: Database.Database,
  options: WalCheckpointerOptions = {},
): WalCheckpointer {
  const intervalMs = options.intervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS;
  if (!(intervalMs > 0)) throw new Error(`intervalMs must be positive, got ${intervalMs}`);
  leaveCheckpointsToOthers(serving);
  const waiting = new Map<number, { resolve: (result: CheckpointResult) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let runs = 0;
  let failuresInARow = 0;
  let closing = false;
  let failed: Error | null = null;
  let worker: Worker | null = null;

  const fail = (error: Error) => {
    if (failed || closing) return;
    failed = error;
    if (serving.open) serving.pragma(`wal_autocheckpoint = ${AUTOMATIC_PAGES}`);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    // A thread that is still running but failing stops trying; its exit is then no news.
    void worker?.terminate();
    options.onFailure?.(error);
  };

  try {
    worker = new Worker(options.threadEntry ?? THREAD_ENTRY, { workerData: { file: serving.name, intervalMs } });
  } catch (error) {
    fail(new Error(`the WAL checkpoint thread of ${serving.name} did not start: ${(error as Error).message}`));
  }
  // The process may end while the thread waits for its next turn.
  worker?.unref();
  worker?.on('message', (reply: { id: number | null; result?: CheckpointResult; error?: string }) => {
    const asked = reply.id === null ? undefined : waiting.get(reply.id);
    if (reply.id !== null) waiting.delete(reply.id);
    if (waiting.size === 0) worker?.unref();
    if (reply.error === undefined) {
      runs += 1;
      failuresInARow = 0;
      asked?.resolve(reply.result!);
      return;
    }
    const error = new Error(`WAL checkpoint of ${serving.name} failed: ${reply.error}`);
    asked?.reject(error);
    failuresInARow += 1;
    if (failuresInARow >= FAILURES_BEFORE_FALLBACK) fail(error);
  });
  worker?.on('error', fail);
  worker?.on('exit', (code) => fail(new Error(`the WAL checkpoint thread of ${serving.name} exited (${code})`)));

  return {
    get runs() {
      return runs;
    },
    checkpointNow() {
      if (failed || !worker) return Promise.reject(failed ?? new Error('no WAL checkpoint thread'));
      const id = nextId++;
      worker.ref();
      const thread = worker;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.postMessage({ type: 'checkpoint', id });
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      if (failed || !worker) return;
      const thread = worker;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ type: 'close' });
      await exited;
    },
  };
}

/** A writing connection of a file whose checkpoints a checkpointer (in this process or another) runs. */
export function leaveCheckpointsToOthers(db: Database.Database): void {
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
}
