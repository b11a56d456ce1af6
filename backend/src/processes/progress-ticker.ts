/**
 * A progress line every few seconds while a long step runs (`npm run reindex` replays a million messages in
 * ten minutes, and said nothing between its first and last line). The report runs on a timer, never twice at
 * once, and a failing report is skipped: progress is a courtesy, it must not fail the work it describes.
 */
export interface ProgressTicker {
  stop(): void;
}

export const PROGRESS_INTERVAL_MS = 10_000;

export function progressTicker(report: () => Promise<void>, everyMs = PROGRESS_INTERVAL_MS): ProgressTicker {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    report()
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
