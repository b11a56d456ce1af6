/** The figures every run reports (CLI summary, run record, logs). */
import { z } from 'zod';

const count = z.number();

export const runCountsSchema = z.object({
  fetched: count,
  created: count,
  updated: count,
  unchanged: count,
  removed: count,
  quarantined: count,
  /**
   * Records quarantined because a buy link pointed outside the source's allowed seller domains (part of
   * `quarantined`). Optional: counts stored before it existed lack it.
   */
  off_domain_links: count.optional(),
  failed_requests: count,
  pages: count,
  /**
   * Records this run linked into another event as one of its offers (part of created/updated).
   * Optional: counts stored before it existed lack it.
   */
  linked: count.optional(),
});

export type RunCounts = z.infer<typeof runCountsSchema>;

export const zeroCounts = (): RunCounts => ({
  fetched: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  quarantined: 0,
  off_domain_links: 0,
  failed_requests: 0,
  pages: 0,
  linked: 0,
});

export function addCounts(a: RunCounts, b: RunCounts): RunCounts {
  const sum = zeroCounts();
  // `?? 0`: counts stored by an older version lack the newer figures.
  for (const key of Object.keys(sum) as Array<keyof RunCounts>) sum[key] = (a[key] ?? 0) + (b[key] ?? 0);
  return sum;
}
