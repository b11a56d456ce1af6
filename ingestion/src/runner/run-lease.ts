/**
 * Only one run of a source scope at a time (the scheduler of the `ingestion` process and a hand-started CLI
 * may both try). The checkpoint carries a lease naming its holder; each committed page extends it. A lease
 * is ignored once expired, or at once when its holder was a process on this host that no longer exists (a
 * killed CLI), so a crash never blocks the next run for long.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';

export const runLeaseSchema = z.object({
  owner: z.string(),
  host: z.string(),
  pid: z.number(),
  until: z.string(),
});

export type RunLease = z.infer<typeof runLeaseSchema>;

/** How long a lease outlives its last committed page; longer than any page takes, retries included. */
export const LEASE_MS = 10 * 60_000;

export function newLease(now: Date): RunLease {
  return {
    owner: randomUUID(),
    host: hostname(),
    pid: process.pid,
    until: new Date(now.getTime() + LEASE_MS).toISOString(),
  };
}

export const extendLease = (lease: RunLease, now: Date): RunLease => ({
  ...lease,
  until: new Date(now.getTime() + LEASE_MS).toISOString(),
});

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `existing` still keeps `mine` out. */
export function heldByAnother(existing: RunLease | null | undefined, mine: RunLease, now: Date): existing is RunLease {
  if (!existing || existing.owner === mine.owner) return false;
  if (Date.parse(existing.until) <= now.getTime()) return false;
  if (existing.host === mine.host && !processExists(existing.pid)) return false;
  return true;
}
