/** Adds a finished ingestion run to the ingestion counters (the scheduler's `onRun` hook calls it). */
import type { SourceRunResult } from '@evently/ingestion';
import type { Metrics } from './metrics.ts';

export function recordIngestionRun(
  metrics: Pick<Metrics, 'ingestionRecords' | 'ingestionRuns'>,
  result: SourceRunResult,
): void {
  metrics.ingestionRuns.inc({ source: result.source, status: result.status });
  for (const [outcome, count] of Object.entries(result.counts)) {
    // `pages` is a paging figure, not a record outcome.
    if (outcome !== 'pages' && count > 0) metrics.ingestionRecords.inc({ source: result.source, outcome }, count);
  }
}
