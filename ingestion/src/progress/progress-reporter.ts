/**
 * Shows a run's progress: a cli-progress bar per scope on a terminal, plain throttled lines otherwise (logs,
 * CI, pipes), so a long run is visibly alive either way.
 */
import cliProgress from 'cli-progress';
import type { ScopeProgress } from '../runner/run-scope.ts';

export interface ProgressReporter {
  update(progress: ScopeProgress): void;
  stop(): void;
}

const describe = (progress: ScopeProgress) => {
  const c = progress.counts;
  return `created ${c.created} updated ${c.updated} unchanged ${c.unchanged} removed ${c.removed} quarantined ${c.quarantined}`;
};

export function createProgressReporter(options: {
  stream: NodeJS.WriteStream;
  lineIntervalMs?: number;
}): ProgressReporter {
  const { stream } = options;
  if (!stream.isTTY) {
    const interval = options.lineIntervalMs ?? 1000;
    let lastLine = 0;
    let lastScope = '';
    return {
      update(progress) {
        const now = Date.now();
        if (progress.scope === lastScope && now - lastLine < interval) return;
        lastLine = now;
        lastScope = progress.scope;
        const total = progress.estimatedTotal !== null ? `/${progress.estimatedTotal}` : '';
        stream.write(
          `${progress.source} ${progress.scope}: ${progress.counts.fetched}${total} fetched, page ${progress.counts.pages}, ${describe(progress)}\n`,
        );
      },
      stop() {},
    };
  }

  const bar = new cliProgress.SingleBar(
    { stream, format: '{scope} [{bar}] {value}/{total} records | {details}', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  let scope: string | null = null;
  return {
    update(progress) {
      const total = Math.max(progress.estimatedTotal ?? 0, progress.counts.fetched, 1);
      const payload = { scope: `${progress.source} ${progress.scope}`, details: describe(progress) };
      if (scope !== progress.scope) {
        if (scope !== null) bar.stop();
        scope = progress.scope;
        bar.start(total, progress.counts.fetched, payload);
        return;
      }
      bar.setTotal(total);
      bar.update(progress.counts.fetched, payload);
    },
    stop() {
      if (scope !== null) bar.stop();
    },
  };
}
