/**
 * One embedded SQLite file, shared by the document store and the embedded event log.
 *
 * Two connections:
 * - `writer` carries every write. `DocumentStore.transaction` takes an async callback, so a transaction stays
 *   open across awaits. better-sqlite3 has one transaction per connection, so all writers in this process
 *   take `writeLock` (an async mutex) and open the transaction with BEGIN IMMEDIATE, which also takes
 *   SQLite's write lock up front: when another process (ingestion, a second api) holds it, we wait at BEGIN
 *   instead of failing half-way through a unit of work. That wait is asynchronous (`beginImmediate` retries
 *   with backoff) because SQLite's own busy_timeout sleeps synchronously and would freeze the event loop.
 *   For the same reason a second in-process write connection is not an option: its synchronous busy wait
 *   would block the event loop that must finish the first connection's transaction.
 * - `reader` serves every read outside a transaction. In WAL mode it sees only committed data, so a query,
 *   a subscriber or the relay never observes the half-done transaction that is open on `writer`.
 *
 * WAL with synchronous=NORMAL: a commit is durable against a process crash (the case we test with SIGKILL);
 * only an OS crash or power loss may drop the last commits, which the at-least-once pipeline tolerates.
 *
 * With `backgroundCheckpoints` the writer never checkpoints on commit; a worker thread does (wal-checkpointer.ts),
 * for processes that serve requests on the thread that writes.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AsyncMutex } from './async-mutex.ts';
import { migrate } from './migrations.ts';
import { whileBusySync } from './while-busy.ts';
import { startWalCheckpointer, type WalCheckpointer, type WalCheckpointerOptions } from './wal-checkpointer.ts';
import { MMAP_SIZE_PRAGMA } from '../memory-map.ts';

const statementCacheLimit = 1000;
/** How long a writer waits for another process to release SQLite's write lock before giving up. */
const writeLockTimeoutMs = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SqliteEngine {
  readonly writer: Database.Database;
  readonly reader: Database.Database;
  readonly writeLock = new AsyncMutex();
  /** True once an embedded event bus uses this file's outbox table as its log (nothing left to relay). */
  outboxIsLog = false;
  private readonly commitListeners = new Set<() => void>();
  private readonly statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
  private closed = false;
  private readonly checkpointer: WalCheckpointer | null = null;
  private checkpointerStopped: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    options: { backgroundCheckpoints?: WalCheckpointerOptions } = {},
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.writer = new Database(file);
    whileBusySync(() => this.writer.pragma('journal_mode = WAL'));
    this.writer.pragma('synchronous = NORMAL');
    // 64 MB page cache (default 2 MB): index pages of a log with a million records stay in memory; this
    // made bulk appends about a third faster on this machine.
    this.writer.pragma('cache_size = -65536');
    this.writer.pragma('busy_timeout = 5000');
    try {
      whileBusySync(() => migrate(this.writer));
    } catch (error) {
      this.writer.close();
      throw error;
    }
    // After start-up, no synchronous busy wait: SQLite's sleeps on the thread that serves requests, and while
    // another process commits a batch every request here would wait with it. `beginImmediate` waits asynchronously.
    this.writer.pragma('busy_timeout = 0');
    this.reader = new Database(file, { readonly: true });
    this.reader.pragma('busy_timeout = 5000');
    this.reader.pragma('cache_size = -65536');
    this.reader.pragma(MMAP_SIZE_PRAGMA);
    for (const db of [this.writer, this.reader]) registerFunctions(db);
    if (options.backgroundCheckpoints && !this.writer.memory)
      this.checkpointer = startWalCheckpointer(this.writer, options.backgroundCheckpoints);
  }

  /** The checkpoint thread (null unless `backgroundCheckpoints`). */
  get walCheckpointer(): WalCheckpointer | null {
    return this.checkpointer;
  }

  /** Resolves once the checkpoint thread has ended after `close()`. */
  stopped(): Promise<void> {
    return this.checkpointerStopped;
  }

  /** A cached prepared statement; queries are built from a bounded set of shapes, values are parameters. */
  statement(db: Database.Database, sql: string): Database.Statement {
    let cache = this.statements.get(db);
    if (!cache) {
      cache = new Map();
      this.statements.set(db, cache);
    }
    let statement = cache.get(sql);
    if (!statement) {
      if (cache.size >= statementCacheLimit) cache.clear();
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }

  /** Runs synchronous `work` as one IMMEDIATE transaction on the write connection, after earlier writers. */
  async write<R>(work: () => R): Promise<R> {
    const release = await this.writeLock.acquire();
    try {
      await this.beginImmediate();
      try {
        const result = work();
        this.writer.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      }
    } finally {
      release();
    }
  }

  /**
   * BEGIN IMMEDIATE on the writer; the caller must hold `writeLock`. Retries with a growing pause while
   * another process holds SQLite's write lock, so this process keeps serving requests meanwhile.
   */
  async beginImmediate(): Promise<void> {
    const deadline = Date.now() + writeLockTimeoutMs;
    for (let attempt = 0; ; attempt += 1) {
      this.assertOpen();
      try {
        this.writer.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (!code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
        // Asked again within a few milliseconds: another process's transaction is short, and a projector that
        // waits longer than it holds the lock delays what it makes searchable.
        await sleep(Math.min(2 ** attempt, 8));
      }
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onCommit(listener: () => void): () => void {
    this.commitListeners.add(listener);
    return () => {
      this.commitListeners.delete(listener);
    };
  }

  /** Tells listeners (relay, subscribers) that records were appended and committed. */
  notifyCommit(): void {
    for (const listener of this.commitListeners) {
      try {
        listener();
      } catch {
        // A listener only schedules work; one that throws must not stop the others from waking.
      }
    }
  }

  assertOpen(): void {
    if (this.closed) throw new Error(`SQLite file ${this.file} is closed`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.commitListeners.clear();
    if (this.checkpointer) this.checkpointerStopped = this.checkpointer.close();
    this.reader.close();
    this.writer.close();
  }
}

function registerFunctions(db: Database.Database): void {
  // Case-insensitive substring match that folds Unicode case (SQLite's lower() and LIKE fold ASCII only).
  db.function('evently_contains', { deterministic: true }, (haystack: unknown, needle: unknown) => {
    if (typeof haystack !== 'string' || typeof needle !== 'string') return 0;
    return haystack.toLowerCase().includes(needle.toLowerCase()) ? 1 : 0;
  });
}

/** The engine behind each embedded store, so `createSqliteEventBus({ store })` can share its connection. */
const enginesByStore = new WeakMap<object, SqliteEngine>();

export function registerEngine(owner: object, engine: SqliteEngine): void {
  enginesByStore.set(owner, engine);
}

export function engineOf(owner: object): SqliteEngine {
  const engine = enginesByStore.get(owner);
  if (!engine) throw new Error('expected a store made by createSqliteDocumentStore (the embedded SQLite store)');
  return engine;
}
