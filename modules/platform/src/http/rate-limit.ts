/**
 * A small in-memory sliding-window rate limiter, keyed by whatever the caller chooses (usually the client
 * address). It guards admin logins and public forms. State is per process: with several api replicas each
 * allows `limit` per window, which still bounds guessing to a known small multiple.
 */
import type { Context, Middleware } from 'koa';
import { systemClock, type Clock } from '../clock/clock.ts';

export interface RateLimiterOptions {
  /** Attempts allowed per key within `windowMs`. */
  limit: number;
  windowMs: number;
  clock?: Clock;
  /** Upper bound on tracked keys, so a flood of distinct addresses cannot grow memory without end. */
  maxKeys?: number;
}

export interface RateLimitState {
  /** For `hit`: this attempt was within the limit. For `peek`: a further attempt would be. */
  allowed: boolean;
  /** Attempts left in the current window. */
  remaining: number;
  /** Whole seconds until an attempt is allowed again (0 while allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Reads the state without counting an attempt. */
  peek(key: string): RateLimitState;
  /** Counts one attempt if the limit allows it; a refused attempt is not counted, so the wait shown stays true. */
  hit(key: string): RateLimitState;
  /** Forgets the key's attempts (e.g. after a successful login). */
  reset(key: string): void;
}

export function createRateLimiter({ limit, windowMs, clock = systemClock, maxKeys = 10_000 }: RateLimiterOptions): RateLimiter {
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

  const evictIfFull = (now: number) => {
    if (attempts.size < maxKeys) return;
    for (const key of [...attempts.keys()]) recent(key, now);
    // Still full of live keys: drop the oldest-inserted ones rather than refuse to count new clients.
    for (const key of attempts.keys()) {
      if (attempts.size < maxKeys) break;
      attempts.delete(key);
    }
  };

  return {
    peek(key) {
      const now = clock.now().getTime();
      const times = recent(key, now);
      if (times.length >= limit) return refused(times, now);
      return { allowed: true, remaining: limit - times.length, retryAfterSeconds: 0 };
    },
    hit(key) {
      const now = clock.now().getTime();
      const times = recent(key, now);
      if (times.length >= limit) return refused(times, now);
      if (times.length === 0) evictIfFull(now);
      attempts.set(key, [...times, now]);
      return { allowed: true, remaining: limit - times.length - 1, retryAfterSeconds: 0 };
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}

/** Sets the 429 status, the Retry-After header and a body the caller chooses. */
export function answerTooManyRequests(ctx: Context, state: RateLimitState, body: unknown): void {
  ctx.status = 429;
  ctx.set('Retry-After', String(state.retryAfterSeconds));
  ctx.body = body;
}

export interface RateLimitMiddlewareOptions {
  limiter: RateLimiter;
  /** Defaults to the client address (`ctx.ip`, which honours the trusted proxy setting). */
  key?: (ctx: Context) => string;
  message?: string;
}

/** Counts every request that reaches it; e.g. `router.post('/api/support/tickets', rateLimit({...}), handler)`. */
export function rateLimit({ limiter, key = (ctx) => ctx.ip, message = 'Too many requests, please try again later.' }: RateLimitMiddlewareOptions): Middleware {
  return async (ctx, next) => {
    const state = limiter.hit(key(ctx));
    if (!state.allowed) {
      answerTooManyRequests(ctx, state, { error: message });
      return;
    }
    await next();
  };
}
