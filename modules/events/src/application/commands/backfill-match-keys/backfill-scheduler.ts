/**
 * Runs the match keys backfill (backfill-match-keys.ts) in the background once a worker has started, never in
 * an api process and never before start-up completes (decision 021). Several workers may run: the one holding
 * the store lease `events.match-keys-backfill` walks the catalogue, renewing it before every batch; the others
 * wait and take over if it stops half-way (crash, shutdown). A keyed catalogue costs a start one index count
 * and no write.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createStoreLease,
  DEFAULT_LEASE_TTL_MS,
  type DocumentStore,
  type ModuleDeps,
  type Scheduler,
} from '@evently/platform';
import { backfillMatchKeys, countWithoutKeys } from './backfill-match-keys.ts';

export const BACKFILL_LEASE = 'events.match-keys-backfill';

export interface BackfillSchedulerOptions {
  store: DocumentStore;
  logger: ModuleDeps['logger'];
  /** Wait before asking again for the lease another worker holds. */
  retryMs?: number;
}

export function createMatchKeysBackfillScheduler(options: BackfillSchedulerOptions): Scheduler {
  const { store, logger } = options;
  const retryMs = options.retryMs ?? DEFAULT_LEASE_TTL_MS;
  let stopping: AbortController | null = null;
  let running: Promise<void> | null = null;

  async function run(signal: AbortSignal): Promise<void> {
    const lease = createStoreLease({ store, name: BACKFILL_LEASE });
    let held = false;
    const keepGoing = async () => {
      if (signal.aborted) return false;
      held = await lease.acquire();
      return held;
    };
    try {
      while (!signal.aborted && (await countWithoutKeys(store)) > 0) {
        if (await keepGoing()) {
          await backfillMatchKeys({ store, logger, keepGoing });
          // A pass that ran to its end is enough: what it left (records real writes kept changing, or written by
          // an older replica during a rolling upgrade) waits for the next start rather than a whole pass now.
          if (held) return;
        }
        await sleep(retryMs, undefined, { signal }).catch(() => undefined);
      }
    } finally {
      // Handing the lease back at once lets a standby resume without waiting for it to expire.
      if (held) await lease.release();
    }
  }

  return {
    name: 'events.match-keys-backfill',
    start() {
      if (running) return;
      const controller = new AbortController();
      stopping = controller;
      running = run(controller.signal)
        .catch((error: unknown) =>
          logger.error({ err: error }, 'match keys backfill failed; the next worker start resumes it'),
        )
        .finally(() => {
          running = null;
        });
    },
    async stop() {
      stopping?.abort();
      await running;
    },
  };
}
