/**
 * Store-backed rate limits over real SQLite files. Two store instances on one file stand for two processes
 * sharing DATA_DIR (each has its own connection and write lock, as separate processes do).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock, type DocumentStore, createStoreRateLimits, RATE_LIMIT_COUNTERS } from '@evently/platform';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';

const MINUTE = 60_000;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoProcesses() {
  const { dir, remove } = await createTempDataDir('evently-limits-');
  const clock = fixedClock('2026-11-21T10:00:00Z');
  const file = join(dir, 'evently.db');
  const stores: DocumentStore[] = [
    await createSqliteDocumentStore({ file, clock }),
    await createSqliteDocumentStore({ file, clock }),
  ];
  cleanups.push(async () => {
    for (const store of stores) await store.close();
    await remove();
  });
  const spec = { name: 'test.sign-up', limit: 5, windowMs: 10 * MINUTE };
  const [a, b] = stores.map((store) => createStoreRateLimits({ store, clock }).create(spec)) as [
    ReturnType<ReturnType<typeof createStoreRateLimits>['create']>,
    ReturnType<ReturnType<typeof createStoreRateLimits>['create']>,
  ];
  return { a, b, clock, stores };
}

describe('store-backed rate limits', () => {
  it('given two processes on one store, when both count one address, then the limit holds for the pair', async () => {
    const { a, b } = await twoProcesses();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).hit('203.0.113.9')));
    expect(answers.filter((state) => state.allowed)).toHaveLength(5);
    expect(await a.peek('203.0.113.9')).toMatchObject({ allowed: false, remaining: 0 });
    expect((await b.hit('203.0.113.9')).retryAfterSeconds).toBe(600);
    expect((await b.hit('198.51.100.1')).allowed).toBe(true);
  });

  it('given a spent limit, when the window ends, then attempts are allowed again and reset forgets at once', async () => {
    const { a, b, clock } = await twoProcesses();
    for (let i = 0; i < 5; i += 1) await a.hit('k');
    clock.advance(4 * MINUTE);
    expect(await b.hit('k')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 360 });
    clock.advance(6 * MINUTE);
    expect(await b.hit('k')).toEqual({ allowed: true, remaining: 4, retryAfterSeconds: 0 });
    await a.reset('k');
    expect(await b.peek('k')).toEqual({ allowed: true, remaining: 5, retryAfterSeconds: 0 });
  });

  it('keeps limiters of different names apart and sweeps expired counters', async () => {
    const { a, clock, stores } = await twoProcesses();
    const other = createStoreRateLimits({ store: stores[0]!, clock }).create({
      name: 'test.other',
      limit: 1,
      windowMs: MINUTE,
    });
    await other.hit('k');
    expect((await a.hit('k')).allowed).toBe(true);
    expect((await other.hit('k')).allowed).toBe(false);
    clock.advance(20 * MINUTE);
    await a.hit('fresh-key');
    expect(await stores[0]!.count(RATE_LIMIT_COUNTERS)).toBe(1);
  });

  it('never counts or refuses an authenticated admin in its middleware', async () => {
    const { stores, clock } = await twoProcesses();
    const limits = createStoreRateLimits({
      store: stores[0]!,
      clock,
      isAdmin: async (ctx) => ctx.get('x-admin') === 'yes',
    });
    const middleware = limits.middleware({ name: 'test.form', limit: 1, windowMs: MINUTE });
    const run = async (admin: boolean) => {
      const headers: Record<string, string> = admin ? { 'x-admin': 'yes' } : {};
      const ctx = {
        ip: '192.0.2.1',
        status: 404,
        body: undefined as unknown,
        get: (name: string) => headers[name] ?? '',
        set: () => undefined,
      };
      let reached = false;
      await middleware(ctx as never, async () => {
        reached = true;
      });
      return reached ? 'served' : ctx.status;
    };
    expect(await run(false)).toBe('served');
    expect(await run(true)).toBe('served');
    expect(await run(true)).toBe('served');
    expect(await run(false)).toBe(429);
  });
});
