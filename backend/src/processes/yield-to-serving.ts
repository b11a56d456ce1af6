/**
 * Processes that only write in bulk (a seed, a one-shot ingest, the feed workers of the `ingestion` role, whose
 * full syncs write hundreds of thousands of events) run at a lower scheduling priority than the processes that
 * answer visitors. On a small host the writer would otherwise take a core from the reader threads whenever both
 * want it; at a lower priority it gets what readers leave, and the kernel still gives it a share when they
 * keep every core busy, so it slows down rather than stops. The projecting worker keeps the normal priority, so
 * what is written becomes searchable as soon as there is time.
 */
import { getPriority, setPriority } from 'node:os';

/** A nice value: well below the serving processes, well above idle-only. */
export const BULK_WRITER_NICE = 10;

/** Lowers this process's priority (children started afterwards inherit it); never raises it. */
export function yieldToServing(): void {
  try {
    if (getPriority() < BULK_WRITER_NICE) setPriority(BULK_WRITER_NICE);
  } catch {
    // A platform that refuses (no permission, no such notion) keeps the normal priority.
  }
}
