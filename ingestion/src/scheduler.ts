/**
 * Runs every configured source on its own interval (the `ingestion` process role starts this). A source
 * never runs twice at once: a tick that finds the previous run still going is skipped. A run is a full
 * sync when any scope's last completed full sync is older than `fullSyncEveryMs` (or never happened), so
 * vanished events leave search about once a day while the hourly runs stay cheap.
 */
import type { Scheduler } from '@evently/platform';
import { systemClock } from '@evently/platform';
import type { ScheduledSource } from './config/configured-sources.ts';
import { createCheckpointRepository } from './runner/checkpoint-repository.ts';
import { runSource, type RunnerDeps, type SourceRunResult } from './runner/run-source.ts';

export interface IngestionSchedulerOptions {
  deps: RunnerDeps;
  sources: ScheduledSource[];
  fullSyncEveryMs: number;
  /** Called after each run (logs, tests). */
  onRun?: (result: SourceRunResult) => void;
}

export function createIngestionScheduler(options: IngestionSchedulerOptions): Scheduler {
  const { deps } = options;
  const clock = deps.clock ?? systemClock;
  const checkpoints = createCheckpointRepository(deps.store);
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Map<string, Promise<void>>();
  let controller = new AbortController();

  async function fullSyncDue(scheduled: ScheduledSource): Promise<boolean> {
    const now = clock.now().getTime();
    for (const scope of scheduled.source.scopes()) {
      const checkpoint = await checkpoints.load(scheduled.source.name, scope.key);
      const last = checkpoint?.last_full_completed_at ? Date.parse(checkpoint.last_full_completed_at) : 0;
      if (now - last >= options.fullSyncEveryMs) return true;
    }
    return false;
  }

  function tick(scheduled: ScheduledSource): void {
    const name = scheduled.source.name;
    if (inFlight.has(name) || controller.signal.aborted) return;
    const run = (async () => {
      try {
        const full = await fullSyncDue(scheduled);
        const result = await runSource(deps, scheduled.source, { full, signal: controller.signal });
        deps.logger.info(
          { source: name, full, status: result.status, counts: result.counts, durationMs: result.durationMs },
          'scheduled ingestion run finished',
        );
        options.onRun?.(result);
      } catch (error) {
        deps.logger.error({ err: error, source: name }, 'scheduled ingestion run crashed');
      } finally {
        inFlight.delete(name);
      }
    })();
    inFlight.set(name, run);
  }

  return {
    name: 'ingestion',
    start() {
      if (timers.length > 0) return;
      controller = new AbortController();
      for (const scheduled of options.sources) {
        tick(scheduled);
        const timer = setInterval(() => tick(scheduled), scheduled.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      controller.abort();
      await Promise.all(inFlight.values());
    },
  };
}
