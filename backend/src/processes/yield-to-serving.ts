/**
 * Processes that only write in bulk (a seed, a one-shot ingest, the feed workers of the `ingestion` role, whose
 * full syncs write hundreds of thousands of events) run at a lower scheduling priority than the processes that
 * answer visitors. On a small host the writer would otherwise take a core from the reader threads whenever both
 * want it; at a lower priority it gets what readers leave, and the kernel still gives it a share when they
 * keep every core busy, so it slows down rather than stops. The projecting worker keeps the normal priority, so
 * what is written becomes searchable as soon as there is time.
 *
 * On Linux a priority belongs to a thread, not to the process: `setPriority()` lowers only the thread that calls
 * it, and V8's helper threads (garbage collection, compilation: a third of a writer's CPU) are started before any
 * of our code runs. So every thread the process has is lowered; threads it starts later inherit the priority
 * of the thread that starts them.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** A nice value: well below the serving processes, well above idle-only. */
export const BULK_WRITER_NICE = 10;

/** Lowers the priority of every thread of this process (children started afterwards inherit it); never raises it. */
export function yieldToServing(): void {
  for (const thread of threadsOfThisProcess()) {
    try {
      if (getPriority(thread) < BULK_WRITER_NICE) setPriority(thread, BULK_WRITER_NICE);
    } catch {
      // A thread that has ended meanwhile, or a platform that refuses (no permission, no such notion), keeps its
      // priority.
    }
  }
}

/** The ids of this process's threads (Linux), or 0 (the calling thread) where the system does not list them. */
function threadsOfThisProcess(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter(Number.isInteger);
  } catch {
    return [0];
  }
}
