/**
 * Spaces requests to at most `perSecond` and honours a "blocked until" instant learnt from the API's
 * `Rate-Limit-*` headers. Requests of one run are sequential, so a next-slot time is all the state needed.
 */
import { QuotaExhaustedError } from './source-errors.ts';
import { sleep } from './sleep.ts';

export interface RateLimiter {
  acquire(signal?: AbortSignal): Promise<void>;
  /** No request until `until`; waits longer than `maxWaitMs` become a QuotaExhaustedError instead. */
  blockUntil(until: Date): void;
}

export function createRateLimiter(args: { perSecond: number; maxWaitMs: number; now?: () => number }): RateLimiter {
  const now = args.now ?? Date.now;
  const interval = args.perSecond > 0 ? 1000 / args.perSecond : 0;
  let nextSlot = 0;
  let blockedUntil = 0;
  return {
    async acquire(signal) {
      const current = now();
      if (blockedUntil - current > args.maxWaitMs) throw new QuotaExhaustedError(new Date(blockedUntil));
      const start = Math.max(current, nextSlot, blockedUntil);
      nextSlot = start + interval;
      if (start > current) await sleep(start - current, signal);
    },
    blockUntil(until) {
      blockedUntil = Math.max(blockedUntil, until.getTime());
    },
  };
}
