/** The end-of-run summary the CLI prints: one block per scope, then the totals. */
import type { RunCounts } from '../runner/run-counts.ts';
import type { SourceRunResult } from '../runner/run-source.ts';

const countsLine = (counts: RunCounts) =>
  `fetched ${counts.fetched}, created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, ` +
  `removed ${counts.removed}, quarantined ${counts.quarantined} (${counts.off_domain_links ?? 0} for links outside the seller domains), ` +
  `failed requests ${counts.failed_requests}, linked as offers ${counts.linked ?? 0}`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function formatRunSummary(result: SourceRunResult): string {
  const lines = [`Ingestion summary: ${result.source} (${result.status})`];
  for (const scope of result.scopes) {
    const resumed = scope.resumed ? ', resumed' : '';
    lines.push(`  ${scope.scope} [${scope.mode}${resumed}] ${scope.status}${scope.error ? `: ${scope.error}` : ''}`);
    lines.push(`    ${countsLine(scope.counts)}, duration ${seconds(scope.durationMs)}`);
  }
  lines.push(`  total: ${countsLine(result.counts)}`);
  lines.push(`  duration: ${seconds(result.durationMs)}`);
  return `${lines.join('\n')}\n`;
}
