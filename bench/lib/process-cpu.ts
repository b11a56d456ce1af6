/**
 * CPU seconds a process has used (user + system), read from /proc on Linux. The load rate on a shared machine
 * depends on who else runs; CPU time shows what the work itself costs.
 */
import { readFileSync } from 'node:fs';

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
