import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock/clock.ts';
import { createMemoryRateLimiter as createRateLimiter } from './memory-rate-limiter.ts';

const MINUTE = 60_000;

describe('createMemoryRateLimiter (test fake)', async () => {
  it('allows `limit` attempts per key and refuses the next with the wait until the oldest expires', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const limiter = createRateLimiter({ limit: 3, windowMs: 15 * MINUTE, clock });
    expect(await limiter.hit('1.2.3.4')).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    clock.advance(MINUTE);
    await limiter.hit('1.2.3.4');
    await limiter.hit('1.2.3.4');
    expect(await limiter.hit('1.2.3.4')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 14 * 60 });
  });

  it('keeps keys apart', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    await limiter.hit('a');
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
  });

  it('allows again once attempts leave the sliding window', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const limiter = createRateLimiter({ limit: 2, windowMs: 10 * MINUTE, clock });
    await limiter.hit('k');
    clock.advance(5 * MINUTE);
    await limiter.hit('k');
    expect((await limiter.peek('k')).allowed).toBe(false);
    clock.advance(5 * MINUTE + 1);
    expect(await limiter.peek('k')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
  });

  it('does not count refused attempts, so waiting out the window is enough', async () => {
    const clock = fixedClock('2026-11-21T10:00:00Z');
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE, clock });
    await limiter.hit('k');
    clock.advance(MINUTE / 2);
    await limiter.hit('k');
    clock.advance(MINUTE / 2 + 1);
    expect((await limiter.hit('k')).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: MINUTE });
    await limiter.hit('k');
    await limiter.reset('k');
    expect((await limiter.peek('k')).allowed).toBe(true);
  });
});
