/**
 * One consumer group reading the embedded log. It reads the next batch after the group's committed offsets,
 * hands it to the handler, and commits the offsets only once the handler has resolved; a failing handler
 * gets the same batch again after a growing delay, so nothing is skipped and per-key order holds.
 *
 * It wakes at once when this process commits outbox records (`SqliteEngine.onCommit`) and also polls
 * slowly, which picks up records appended by another process writing the same file.
 *
 * In `tail` mode the group is private to this subscription (`uniqueTailGroup`): it starts at each topic's
 * current `MAX(seq)` and keeps its offsets in memory only, so it never writes `consumer_offsets`. `seq` grows in
 * commit order (SQLite has one writer per file), so every record committed after the start is read.
 *
 * With `batchIntervalMs` a batch smaller than `maxBatch` is held back until the interval since the previous
 * batch was handed over has passed, then read again, so it holds what arrived meanwhile; a full batch goes at once.
 *
 * With `deferCommits` a durable group's position also stays in memory until `commit()` stores it: each stored
 * position is a commit to the shared file, and SQLite empties every other connection's page cache when the
 * file changes under it (the seed's writer lost its cache after each batch of its projection process).
 */
import type { Logger } from 'pino';
import type { Delivered, SubscribeArgs, Subscription, ConsumerWaits } from '@evently/platform';
import type { PositionPacer } from '@evently/platform/adapter-kit';
import type { SqliteEngine } from '../store/sqlite-engine.ts';

export interface SubscriptionTiming {
  /** Idle re-check interval, for records written by other processes (default 250 ms). */
  pollIntervalMs: number;
  /**
   * First delay before redelivering a batch whose handler failed; doubles up to `maxRetryDelayMs` and goes on
   * at that pace for as long as a dependency is down (consumer-waits.ts).
   */
  retryDelayMs: number;
  maxRetryDelayMs: number;
  /** Waits between redeliveries and batch intervals (tests pass a virtual clock's); a stop still ends the wait at once. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock of `batchIntervalMs` (tests pass a virtual clock's; `Date.now` otherwise). */
  now?: () => number;
}

interface LogRow {
  seq: number;
  topic: string;
  envelope: string;
}

interface DrainWaiter {
  targets: Map<string, number>;
  resolve: () => void;
  reject: (error: Error) => void;
}

const readSql = 'SELECT seq, topic, envelope FROM outbox WHERE topic = ? AND seq > ? ORDER BY seq LIMIT ?';

export class SqliteSubscription implements Subscription {
  private readonly offsets = new Map<string, number>();
  /** The group's offsets as last read from or written to `consumer_offsets`: a commit expects them unchanged. */
  private readonly stored = new Map<string, number>();
  private readonly drainWaiters: DrainWaiter[] = [];
  private readonly maxBatch: number;
  private readonly batchIntervalMs: number;
  /** When the last batch was handed over (`batchIntervalMs`). */
  private lastHandedAt = Number.NEGATIVE_INFINITY;
  private stopped = false;
  private signalled = false;
  private wakeSleeper: (() => void) | null = null;
  /** Bumped by a group reset, so a batch handled before the reset does not commit over it. */
  private generation = 0;
  private loop: Promise<void> = Promise.resolve();
  private unsubscribeCommits: () => void = () => undefined;
  private readonly tail: boolean;
  private readonly pacer: PositionPacer;
  private stoppedSignal!: () => void;
  private readonly whenStopped = new Promise<void>((resolve) => (this.stoppedSignal = resolve));

  /** `group` is the effective group: the caller's for durable subscriptions, the unique name for tail ones. */
  constructor(
    private readonly engine: SqliteEngine,
    private readonly args: SubscribeArgs,
    readonly group: string,
    private readonly timing: SubscriptionTiming,
    private readonly logger: Logger,
    waits: ConsumerWaits,
  ) {
    this.maxBatch = args.maxBatch ?? 500;
    // The embedded log has no partitions: the group's read position over its topics pauses as one.
    this.pacer = waits.position(group, args.topics.join(','), logger, {
      initialMs: timing.retryDelayMs,
      maxMs: timing.maxRetryDelayMs,
    });
    if (!Number.isInteger(this.maxBatch) || this.maxBatch < 1) throw new Error('maxBatch must be a positive integer');
    this.batchIntervalMs = args.batchIntervalMs ?? 0;
    if (!Number.isFinite(this.batchIntervalMs) || this.batchIntervalMs < 0)
      throw new Error('batchIntervalMs must be a non-negative number');
    this.tail = args.mode === 'tail';
  }

  start(): void {
    if (this.tail) this.startAtEnd();
    else this.loadOffsets(this.engine.reader);
    this.unsubscribeCommits = this.engine.onCommit(() => this.signal());
    this.loop = this.run();
  }

  private startAtEnd(): void {
    for (const topic of this.args.topics) this.offsets.set(topic, this.lastSeq(topic));
  }

  private lastSeq(topic: string): number {
    const row = this.engine
      .statement(this.engine.reader, 'SELECT MAX(seq) AS seq FROM outbox WHERE topic = ?')
      .get(topic) as { seq: number | null };
    return row.seq ?? 0;
  }

  private loadOffsets(db: SqliteEngine['reader']): void {
    const rows = this.engine
      .statement(db, 'SELECT topic, seq FROM consumer_offsets WHERE group_name = ?')
      .all(this.group) as Array<{
      topic: string;
      seq: number;
    }>;
    const committed = new Map(rows.map((row) => [row.topic, row.seq]));
    for (const topic of this.args.topics) {
      this.offsets.set(topic, committed.get(topic) ?? 0);
      this.stored.set(topic, committed.get(topic) ?? 0);
    }
  }

  /** Rewinds the given topics to the start (called by `resetGroup` while this subscription runs). */
  rewind(topics: readonly string[]): void {
    for (const topic of topics) {
      if (!this.offsets.has(topic)) continue;
      this.offsets.set(topic, 0);
      // resetGroup deleted the stored rows.
      this.stored.set(topic, 0);
    }
    this.generation += 1;
    this.signal();
  }

  drained(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error(`subscription ${this.group} is stopped`));
    const targets = new Map<string, number>();
    for (const topic of this.args.topics) targets.set(topic, this.lastSeq(topic));
    if (this.reached(targets)) return Promise.resolve();
    return new Promise((resolve, reject) => this.drainWaiters.push({ targets, resolve, reject }));
  }

  /** Stores a deferred position (see the header); the others are stored after every batch already. */
  async commit(): Promise<void> {
    if (this.tail || !this.args.deferCommits) return;
    const moved = new Map([...this.offsets].filter(([topic, seq]) => seq !== (this.stored.get(topic) ?? 0)));
    if (moved.size > 0) await this.store(moved);
  }

  async stop(): Promise<void> {
    if (this.stopped) return this.loop;
    this.stopped = true;
    this.unsubscribeCommits();
    this.wakeSleeper?.();
    this.stoppedSignal();
    await this.loop;
    this.pacer.forget();
    for (const waiter of this.drainWaiters.splice(0))
      waiter.reject(new Error(`subscription ${this.group} was stopped before it drained`));
  }

  private signal(): void {
    this.signalled = true;
    this.wakeSleeper?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      // The store that owned the shared connection was closed first: nothing left to read.
      if (this.engine.isClosed) return;
      this.signalled = false;
      let batch: LogRow[];
      try {
        batch = this.readBatch();
      } catch (error) {
        if (this.stopped) return;
        this.logger.error({ err: error, group: this.group }, 'reading the event log failed');
        await this.sleep(this.timing.pollIntervalMs, false);
        continue;
      }
      if (batch.length === 0) {
        this.settleDrainWaiters();
        await this.sleep(this.timing.pollIntervalMs, true);
        continue;
      }
      if (this.batchIntervalMs > 0) {
        const now = this.timing.now?.() ?? Date.now();
        const wait = this.lastHandedAt + this.batchIntervalMs - now;
        if (batch.length < this.maxBatch && wait > 0) {
          // Not woken by commits: what they add is read once the interval has passed.
          await this.backOff(wait);
          continue;
        }
        this.lastHandedAt = now;
      }
      const generation = this.generation;
      try {
        await this.args.handle(batch.map(toDelivered));
      } catch (error) {
        await this.backOff(this.pacer.failed(error, String(batch[0]?.seq)));
        continue;
      }
      this.pacer.succeeded();
      if (generation !== this.generation) continue;
      try {
        await this.commitBatch(batch);
      } catch (error) {
        if (this.stopped) return;
        // The batch will be delivered again: at-least-once, never at-most-once.
        this.logger.error({ err: error, group: this.group }, 'committing consumer offsets failed');
        await this.sleep(this.timing.retryDelayMs, false);
        continue;
      }
      this.settleDrainWaiters();
    }
  }

  /** The next `maxBatch` records of the subscribed topics in log order, merged from one indexed read per topic. */
  private readBatch(): LogRow[] {
    const read = this.engine.statement(this.engine.reader, readSql);
    if (this.args.topics.length === 1) {
      const topic = this.args.topics[0]!;
      return read.all(topic, this.offsets.get(topic) ?? 0, this.maxBatch) as LogRow[];
    }
    const rows: LogRow[] = [];
    for (const topic of this.args.topics)
      rows.push(...(read.all(topic, this.offsets.get(topic) ?? 0, this.maxBatch) as LogRow[]));
    rows.sort((a, b) => a.seq - b.seq);
    return rows.slice(0, this.maxBatch);
  }

  private async commitBatch(batch: LogRow[]): Promise<void> {
    const last = new Map<string, number>();
    for (const row of batch) last.set(row.topic, row.seq);
    // A tail position is this process's alone and is never resumed after a restart: memory is enough. A
    // deferred one waits for commit().
    if (this.tail || this.args.deferCommits) {
      for (const [topic, seq] of last) this.offsets.set(topic, seq);
      return;
    }
    await this.store(last);
  }

  /** Writes `last` (topic -> seq) to `consumer_offsets`, unless another process moved the group meanwhile. */
  private async store(last: Map<string, number>): Promise<void> {
    const generation = this.generation;
    const now = new Date().toISOString();
    const movedElsewhere = await this.engine.write(() => {
      // A reset that arrived while waiting for the write lock wins over this older batch.
      if (generation !== this.generation) return false;
      const read = this.engine.statement(
        this.engine.writer,
        'SELECT seq FROM consumer_offsets WHERE group_name = ? AND topic = ?',
      );
      // Compare-and-set: if another process moved the group (e.g. `npm run reindex` reset it), follow the
      // stored offsets instead of writing ours over them.
      for (const topic of last.keys()) {
        const stored = (read.get(this.group, topic) as { seq: number } | undefined)?.seq ?? 0;
        if (stored !== (this.stored.get(topic) ?? 0)) return true;
      }
      const upsert = this.engine.statement(
        this.engine.writer,
        `INSERT INTO consumer_offsets (group_name, topic, seq, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (group_name, topic) DO UPDATE SET seq = excluded.seq, updated_at = excluded.updated_at`,
      );
      for (const [topic, seq] of last) upsert.run(this.group, topic, seq, now);
      return false;
    });
    if (movedElsewhere) {
      this.logger.info({ group: this.group }, 'consumer group offsets were moved by another process; following them');
      this.loadOffsets(this.engine.writer);
      this.generation += 1;
      return;
    }
    if (generation !== this.generation) return;
    for (const [topic, seq] of last) {
      this.offsets.set(topic, seq);
      this.stored.set(topic, seq);
    }
  }

  private reached(targets: Map<string, number>): boolean {
    for (const [topic, target] of targets) if ((this.offsets.get(topic) ?? 0) < target) return false;
    return true;
  }

  private settleDrainWaiters(): void {
    for (let i = this.drainWaiters.length - 1; i >= 0; i -= 1) {
      const waiter = this.drainWaiters[i]!;
      if (this.reached(waiter.targets)) {
        this.drainWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }

  private async backOff(ms: number): Promise<void> {
    if (!this.timing.sleep) return this.sleep(ms, false);
    if (this.stopped) return;
    await Promise.race([this.timing.sleep(ms), this.whenStopped]);
  }

  /** Waits `ms`, or less when stopped or (if `wakeOnCommit`) when new records were committed. */
  private sleep(ms: number, wakeOnCommit: boolean): Promise<void> {
    if (this.stopped || (wakeOnCommit && this.signalled)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = () => {
        if (this.stopped || wakeOnCommit) done();
      };
    });
  }
}

function toDelivered(row: LogRow): Delivered {
  return { ...(JSON.parse(row.envelope) as Delivered), offset: String(row.seq) };
}
