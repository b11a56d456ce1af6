/**
 * CPU seconds a process has used (user + system), read from /proc on Linux. The load rate on a shared machine
 * depends on who else runs; CPU time shows what the work itself costs.
 *
 * And how long its threads waited for a core while they were ready to run: behind a feed on a small host, a
 * search's time is as much that wait (the writer, the projector and the load generator hold the cores) as its
 * own work, and the two call for different remedies.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields overall.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Seconds the process's threads have spent ready to run but waiting for a core, summed over the threads it has
 * now (the second field of each thread's `schedstat`, in nanoseconds); null where /proc does not say. A thread
 * that has ended takes its share with it, so compare two readings of long-lived threads (a server's).
 */
export function processCoreWaitSeconds(pid: number): number | null {
  try {
    let waited = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      try {
        waited += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return Number.isFinite(waited) ? waited / 1e9 : null;
  } catch {
    return null;
  }
}
