import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock/clock.ts';
import { createRateLimiter } from './rate-limit.ts';

const MINUTE = 60_000;

describe('createRateLimiter', () => {
  it('allows `limit` attempts per key and refuses the next with the wait until the oldest expires', () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const limiter = createRateLimiter({ limit: 3, windowMs: 15 * MINUTE, clock });
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    clock.advance(MINUTE);
    limiter.hit('1.2.3.4');
    limiter.hit('1.2.3.4');
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 14 * 60 });
  });

  it('keeps keys apart', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('allows again once attempts leave the sliding window', () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const limiter = createRateLimiter({ limit: 2, windowMs: 10 * MINUTE, clock });
    limiter.hit('k');
    clock.advance(5 * MINUTE);
    limiter.hit('k');
    expect(limiter.peek('k').allowed).toBe(false);
    clock.advance(5 * MINUTE + 1);
    expect(limiter.peek('k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
  });

  it('does not count refused attempts, so waiting out the window is enough', () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE, clock });
    limiter.hit('k');
    clock.advance(MINUTE / 2);
    limiter.hit('k');
    clock.advance(MINUTE / 2 + 1);
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it('forgets a key on reset', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    limiter.hit('k');
    limiter.reset('k');
    expect(limiter.peek('k').allowed).toBe(true);
  });

  it('bounds the number of tracked keys', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE, maxKeys: 2 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    // `a` was evicted to make room, so it may try again; `c` is tracked.
    expect(limiter.peek('a').allowed).toBe(true);
    expect(limiter.peek('c').allowed).toBe(false);
  });
});
