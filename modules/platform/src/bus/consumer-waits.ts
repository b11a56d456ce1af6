/**
 * How a subscription paces a failing position (a partition on Kafka, the group's read position on the
 * embedded log): the same messages again after a capped, doubling delay, with no limit on how long. A failure
 * the message caused is counted by `withDeadLetters`, which sets the message aside once its attempts are
 * spent; an outage is never counted, so the position waits for its dependency as long as it is down.
 *
 * Each bus keeps the positions currently waiting for a dependency in a `ConsumerWaits` board, which the
 * metrics read at scrape time, and logs one structured line when a wait starts ("waiting for smtp"), a
 * reminder now and then while it lasts, and one when the dependency answers again.
 */
import type { Logger } from 'pino';
import { outageOf } from './outage.ts';

/** A delay that doubles from `initialMs` up to `maxMs`; `sleep` is injectable so tests can run virtual time. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export const backoffDelay = (backoff: Pick<Backoff, 'initialMs' | 'maxMs'>, failures: number): number =>
  Math.min(backoff.initialMs * 2 ** Math.max(0, Math.min(failures - 1, 30)), backoff.maxMs);

export const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A consumer position paused until its dependency answers. */
export interface WaitingConsumer {
  group: string;
  /** `topic/partition` on Kafka, the subscribed topics on the embedded log. */
  position: string;
  dependency: string;
  reason: string;
  since: string;
  retries: number;
}

export class ConsumerWaits {
  private readonly entries = new Map<string, WaitingConsumer>();

  list(): WaitingConsumer[] {
    return [...this.entries.values()].map((entry) => ({ ...entry }));
  }

  /** A stopped subscription's positions wait for nothing any more. */
  forgetGroup(group: string): void {
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
  }

  /** The pacing of one position of one group; call `succeeded` after every handled batch, `failed` after a throw. */
  position(
    group: string,
    position: string,
    logger: Logger,
    backoff: Pick<Backoff, 'initialMs' | 'maxMs'>,
    now: () => Date = () => new Date(),
  ): PositionPacer {
    return new PositionPacer(this.entries, `${group}\u0000${position}`, { group, position }, logger, backoff, now);
  }
}

/** Reminder cadence while a dependency stays down: one line every this many retries. */
const REMIND_EVERY = 10;

export class PositionPacer {
  private failures = 0;

  constructor(
    private readonly board: Map<string, WaitingConsumer>,
    private readonly key: string,
    private readonly where: { group: string; position: string },
    private readonly logger: Logger,
    private readonly backoff: Pick<Backoff, 'initialMs' | 'maxMs'>,
    private readonly now: () => Date,
  ) {}

  /** Records the failure and returns how long to wait before the same messages are tried again. */
  failed(error: unknown, fromOffset?: string): number {
    this.failures += 1;
    const delay = backoffDelay(this.backoff, this.failures);
    const outage = outageOf(error);
    if (!outage) {
      // The message's own failure (or a bug): withDeadLetters counts it and sets it aside when spent.
      this.endWait();
      this.logger.warn(
        { ...this.where, err: error, attempt: this.failures, retryInMs: delay, fromOffset },
        'event handler failed; will redeliver',
      );
      return delay;
    }
    const current = this.board.get(this.key);
    if (!current || current.dependency !== outage.dependency) {
      this.board.set(this.key, {
        ...this.where,
        dependency: outage.dependency,
        reason: outage.reason,
        since: this.now().toISOString(),
        retries: 1,
      });
      this.logger.warn(
        { ...this.where, dependency: outage.dependency, reason: outage.reason, retryInMs: delay, fromOffset },
        `waiting for ${outage.dependency}: consumer paused, nothing is dead-lettered while it is down`,
      );
      return delay;
    }
    current.retries += 1;
    current.reason = outage.reason;
    if (current.retries % REMIND_EVERY === 0) {
      this.logger.warn(
        {
          ...this.where,
          dependency: outage.dependency,
          reason: outage.reason,
          since: current.since,
          retries: current.retries,
          retryInMs: delay,
        },
        `still waiting for ${outage.dependency}`,
      );
    }
    return delay;
  }

  succeeded(): void {
    this.failures = 0;
    this.endWait();
  }

  /** The position is no longer this process's (stopped, or another group member took the partition). */
  forget(): void {
    this.failures = 0;
    this.board.delete(this.key);
  }

  private endWait(): void {
    const waited = this.board.get(this.key);
    if (!waited) return;
    this.board.delete(this.key);
    const waitedMs = this.now().getTime() - new Date(waited.since).getTime();
    this.logger.info(
      { ...this.where, dependency: waited.dependency, retries: waited.retries, waitedMs },
      `${waited.dependency} answers again: consumer resumed`,
    );
  }
}
