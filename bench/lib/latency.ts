/** Latency summaries: nearest-rank percentiles over the recorded samples (milliseconds). */
export interface LatencySummary {
  requests: number;
  errors: number;
  seconds: number;
  req_per_s: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** Milliseconds to two decimals, as every summary prints them. */
export const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarise(samples: number[], errors: number, seconds: number): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors,
    seconds: round(seconds),
    req_per_s: round(samples.length / seconds),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? 0),
  };
}
