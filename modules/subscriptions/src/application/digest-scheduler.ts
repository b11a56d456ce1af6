/**
 * Runs the digest batch once a week at a configured UTC weekday and hour. Several worker instances may run
 * this scheduler: the first to claim the ISO week in `digest_batches` runs the batch, the others skip it.
 */
import { UniqueConstraintError, type Scheduler } from '@evently/platform';
import { isoWeek } from '../domain/subscriber.ts';
import { digestBatchesCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';
import { runDigestBatch } from './run-digest-batch.ts';

export interface DigestSchedule {
  /** 0 = Sunday ... 6 = Saturday (UTC). */
  weekday: number;
  /** 0-23 (UTC). */
  hour: number;
  /** How often to look at the clock. */
  checkEveryMs?: number;
}

/** True once this week's slot (weekday, hour) has been reached. */
export function isSlotReached(now: Date, schedule: DigestSchedule): boolean {
  const day = now.getUTCDay();
  const daysFromMonday = (d: number) => (d + 6) % 7;
  const today = daysFromMonday(day);
  const slot = daysFromMonday(schedule.weekday);
  return today > slot || (today === slot && now.getUTCHours() >= schedule.hour);
}

export function createDigestScheduler(ctx: SubscriptionsContext, schedule: DigestSchedule): Scheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function tick(): Promise<void> {
    const now = ctx.clock.now();
    if (!isSlotReached(now, schedule)) return;
    const week = isoWeek(now);
    try {
      await ctx.store.transaction((tx) =>
        digestBatchesCollection.insert(tx, { id: week, started_at: now.toISOString() }),
      );
    } catch (error) {
      if (error instanceof UniqueConstraintError || (await digestBatchesCollection.get(ctx.store, week))) return;
      throw error;
    }
    ctx.logger.info({ week }, 'weekly digest batch starting');
    try {
      await runDigestBatch(ctx);
    } catch (error) {
      // Release the week so the next check retries; sends already made are protected by their own claims.
      await ctx.store.transaction((tx) => digestBatchesCollection.delete(tx, week));
      throw error;
    }
  }

  return {
    name: 'subscriptions.weekly-digest',
    start() {
      if (timer) return;
      const check = () => {
        if (running) return;
        running = tick()
          .catch((error: unknown) => ctx.logger.error({ err: error }, 'weekly digest batch failed'))
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(check, schedule.checkEveryMs ?? 60_000);
      timer.unref();
      check();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
