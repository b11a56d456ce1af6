/**
 * Moves committed outbox records from the store to the bus and marks them relayed. Works with any pair of
 * adapters: woken at once by `outbox.onCommit`, with a slow safety poll for records committed by another
 * process (or left behind by a crash). Publishing happens before marking, so a crash in between publishes
 * the records again: at-least-once, which idempotent projectors absorb.
 *
 * When the store and bus are the embedded engine on one file, `pending` is always empty (the outbox is the
 * log) and the relay does nothing but one cheap query per commit.
 *
 * With a `lease` (store-lease.ts), several workers may run the relay and only the lease holder moves records:
 * every pass first takes or renews the lease (the safety poll renews it while idle, so keep `safetyPollMs`
 * below a third of the lease's ttl), a standby's pass stops there, and a standby takes over once the holder's
 * lease expires. A long drain (a backlog after an outage) renews it between batches once a third of its ttl
 * has passed, and stops if another process has taken it. `stop()` releases it, so a clean shutdown hands
 * over at once.
 */
import type { Logger } from 'pino';
import type { EventBus } from './event-bus.port.ts';
import type { OutboxSource } from './outbox.port.ts';
import type { Lease } from './store-lease.ts';

export interface OutboxRelayOptions {
  outbox: OutboxSource;
  bus: EventBus;
  logger: Logger;
  /** Records moved per publish call (default 500). */
  batchSize?: number;
  /** Safety poll interval (default 5 s). */
  safetyPollMs?: number;
  /** First delay after a failed pass; doubles up to 30 s (default 500 ms). */
  retryDelayMs?: number;
  /** When set, only the holder relays (several workers). */
  lease?: Lease;
  /** Clock of the lease renewals during a drain (tests move it); must be the lease's own. */
  now?: () => number;
}

export interface OutboxRelay {
  start(): void;
  /** Stops waking up and waits for a pass in progress. */
  stop(): Promise<void>;
  /** Relays everything committed before the call (used at shutdown); rejects if the bus refuses. */
  flush(): Promise<void>;
}

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { outbox, bus, logger } = options;
  const batchSize = options.batchSize ?? 500;
  const safetyPollMs = options.safetyPollMs ?? 5_000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let failures = 0;
  let unsubscribe: () => void = () => undefined;
  let poll: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let leading: boolean | null = null;
  const now = options.now ?? Date.now;
  /** When this relay last took or renewed the lease. */
  let renewedAt = 0;

  /** True when this relay may move records now; logs each change of role once. */
  const mayRelay = async (): Promise<boolean> => {
    if (!options.lease) return true;
    const held = await options.lease.acquire();
    if (held) renewedAt = now();
    if (held !== leading) {
      leading = held;
      logger.info(
        { lease: options.lease.name, holder: options.lease.holder },
        held ? 'outbox relay lease taken: relaying' : 'outbox relay lease held elsewhere: standby',
      );
    }
    return held;
  };

  /** Between two batches of a drain: renews the lease once a third of its ttl has passed since the last time. */
  const stillLeading = async (): Promise<boolean> => {
    if (!options.lease || now() - renewedAt < options.lease.ttlMs / 3) return true;
    return mayRelay();
  };

  const drain = async () => {
    if (!(await mayRelay())) return;
    for (;;) {
      if (!(await stillLeading())) return;
      const pending = await outbox.pending(batchSize);
      if (pending.length === 0) return;
      await bus.publish(pending.map((item) => item.record));
      await outbox.markRelayed(pending.map((item) => item.seq));
      logger.debug({ count: pending.length, lastSeq: pending[pending.length - 1]?.seq }, 'outbox records relayed');
    }
  };

  /** One pass at a time: a second caller joins the pass in progress. */
  const runPass = (): Promise<void> => {
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  };

  const kick = (): void => {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    runPass().then(
      () => {
        failures = 0;
        if (again) {
          again = false;
          kick();
        }
      },
      (error: unknown) => {
        failures += 1;
        const delay = Math.min(retryDelayMs * 2 ** (failures - 1), 30_000);
        logger.error({ err: error, attempt: failures, retryInMs: delay }, 'outbox relay pass failed');
        clearTimeout(retry);
        retry = setTimeout(kick, delay);
        retry.unref();
      },
    );
  };

  return {
    start() {
      if (started) return;
      started = true;
      unsubscribe = outbox.onCommit(kick);
      poll = setInterval(kick, safetyPollMs);
      poll.unref();
      kick();
    },
    async stop() {
      started = false;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(retry);
      await running?.catch(() => undefined);
      if (leading)
        await options.lease
          ?.release()
          .catch((error: unknown) => logger.warn({ err: error }, 'could not release the relay lease'));
      leading = null;
    },
    async flush() {
      // A pass already under way may have read `pending` before the caller's last commit: let it end first.
      await running?.catch(() => undefined);
      await runPass();
    },
  };
}
