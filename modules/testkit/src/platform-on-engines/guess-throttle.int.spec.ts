/**
 * The pace of admin-password guesses over real SQLite files, as the composition builds it: per-address records
 * and the site-wide budget in the store. Two store instances on one file stand for two api processes sharing
 * DATA_DIR. A hand-moved clock stands for the waits.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fixedClock,
  ADMIN_GUESS_BUDGET,
  ADMIN_GUESS_POLICY,
  createGuessThrottle,
  describeWait,
  guessDelayMs,
  type GuessThrottle,
  createStoreGuessLedger,
  createStoreRateLimits,
} from '@evently/platform';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { createTempDataDir } from '@evently/platform/testing';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoProcesses(budget: { limit: number; windowMs: number } = ADMIN_GUESS_BUDGET) {
  const { dir, remove } = await createTempDataDir('evently-guesses-');
  const clock = fixedClock('2026-11-28T10:00:00Z');
  const file = join(dir, 'evently.db');
  const stores = [await createSqliteDocumentStore({ file, clock }), await createSqliteDocumentStore({ file, clock })];
  cleanups.push(async () => {
    for (const store of stores) await store.close();
    await remove();
  });
  let budgetSpent = 0;
  const throttles = stores.map((store) =>
    createGuessThrottle({
      ledger: createStoreGuessLedger({ store, clock, name: 'admin.guesses' }),
      budget: createStoreRateLimits({ store, clock }).create({ name: ADMIN_GUESS_BUDGET.name, ...budget }),
      clock,
      onBudgetSpent: () => {
        budgetSpent += 1;
      },
    }),
  ) as [GuessThrottle, GuessThrottle];
  return { throttles, clock, budgetSpent: () => budgetSpent };
}

describe('the pace of admin-password guesses', () => {
  it('given the policy, then waits double from the sixth wrong guess and never pass a minute', () => {
    const waits = Array.from({ length: 14 }, (_, i) => guessDelayMs(i + 1, ADMIN_GUESS_POLICY, false) / SECOND);
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(guessDelayMs(1, ADMIN_GUESS_POLICY, true)).toBe(MINUTE);
  });

  it('given seven wrong guesses from one address over two processes, then that address waits 2 s and the right password then gets in', async () => {
    const {
      throttles: [a, b],
      clock,
    } = await twoProcesses();
    const nat = '198.51.100.7';
    const waits = [];
    for (let i = 0; i < 7; i += 1) waits.push(await (i % 2 ? a : b).failed(nat));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(await a.wait(nat)).toBe(2);
    expect(await b.wait(nat)).toBe(2);
    // Another address is not slowed at all.
    expect(await a.wait('203.0.113.1')).toBe(0);

    clock.advance(2 * SECOND);
    expect(await b.wait(nat)).toBe(0);
    await b.succeeded(nat);
    expect(await a.wait(nat)).toBe(0);
    // The record is gone: the next wrong guess is a first one again.
    expect(await a.failed(nat)).toBe(0);
  });

  it('given an address guessing on and on, then it never waits more than a minute, and its record is forgotten after 15 quiet minutes', async () => {
    const {
      throttles: [a],
      clock,
    } = await twoProcesses();
    const attacker = '198.51.100.66';
    let longest = 0;
    for (let i = 0; i < 30; i += 1) {
      clock.advance((await a.wait(attacker)) * SECOND);
      longest = Math.max(longest, await a.failed(attacker));
    }
    expect(longest).toBe(60);
    clock.advance(ADMIN_GUESS_POLICY.forgetAfterMs);
    expect(await a.wait(attacker)).toBe(0);
    expect(await a.failed(attacker)).toBe(0);
  });

  it('given the site-wide budget spent by many addresses, then every address waits a minute after each wrong guess, and a fresh address may still guess at once', async () => {
    const {
      throttles: [a, b],
      budgetSpent,
    } = await twoProcesses({ limit: 10, windowMs: 60 * MINUTE });
    for (let i = 0; i < 10; i += 1) expect(await (i % 2 ? a : b).failed(`203.0.113.${i}`)).toBe(0);
    expect(budgetSpent()).toBe(0);
    expect(await a.wait('192.0.2.50')).toBe(0);
    expect(await a.failed('192.0.2.50')).toBe(60);
    expect(await b.failed('192.0.2.51')).toBe(60);
    expect(budgetSpent()).toBe(2);
    // The administrator's own address, untouched by the attack, is not slowed before its guess.
    expect(await b.wait('192.0.2.1')).toBe(0);
  });

  it('says how long to wait in words', () => {
    expect([1, 2, 59, 60, 120, 90].map(describeWait)).toEqual([
      '1 second',
      '2 seconds',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '90 seconds',
    ]);
  });
});
