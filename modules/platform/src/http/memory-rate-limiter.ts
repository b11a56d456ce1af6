/**
 * An in-process sliding-window limiter with the shared limiter's shape: a fake for unit tests and module
 * harnesses that want a limit without a store. Production code gets its limiters from `ModuleDeps.rateLimits`
 * (store-backed), because counts kept here are per process and vanish on restart.
 */
import { systemClock, type Clock } from '../clock/clock.ts';
import type { RateLimiter, RateLimitState } from './rate-limit.ts';

export interface MemoryRateLimiterOptions {
  limit: number;
  windowMs: number;
  clock?: Clock;
}

export function createMemoryRateLimiter({
  limit,
  windowMs,
  clock = systemClock,
}: MemoryRateLimiterOptions): RateLimiter {
  const attempts = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (attempts.get(key) ?? []).filter((at) => at > now - windowMs);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  };

  const refused = (times: number[], now: number): RateLimitState => ({
    allowed: false,
    remaining: 0,
    retryAfterSeconds: Math.max(1, Math.ceil(((times[0] ?? now) + windowMs - now) / 1000)),
  });

  return {
    async peek(key) {
      const now = clock.now().getTime();
      const times = recent(key, now);
      if (times.length >= limit) return refused(times, now);
      return { allowed: true, remaining: limit - times.length, retryAfterSeconds: 0 };
    },
    async hit(key) {
      const now = clock.now().getTime();
      const times = recent(key, now);
      if (times.length >= limit) return refused(times, now);
      attempts.set(key, [...times, now]);
      return { allowed: true, remaining: limit - times.length - 1, retryAfterSeconds: 0 };
    },
    async reset(key) {
      attempts.delete(key);
    },
  };
}
