/**
 * How fast anyone may guess the admin password. A lock that refuses even the right password hands the lock
 * to whoever shares the administrator's address (a NAT, an office, a phone carrier), so nothing here locks:
 * - per address, the first few wrong guesses are free, then each one makes that address wait before its
 *   next guess, twice as long each time, never more than a minute;
 * - a budget of wrong guesses for the whole site: once many addresses have spent it, every address waits
 *   the full minute after each wrong guess, so more addresses buy an attacker one guess a minute each;
 * - the right password, once its address's wait is over, always gets in and clears that address's record.
 * A guess made while its address waits is refused without being checked, so waiting is not optional.
 */
import { systemClock, type Clock } from '../clock/clock.ts';
import type { RateLimiter } from './rate-limit.ts';

export interface GuessPolicy {
  /** Wrong guesses per address before the first wait. */
  freeGuesses: number;
  /** The first wait; each further wrong guess doubles it. */
  firstDelayMs: number;
  /** No address ever waits longer than this for its next guess. */
  maxDelayMs: number;
  /** An address's wrong guesses are forgotten this long after its last one. */
  forgetAfterMs: number;
}

export const ADMIN_GUESS_POLICY: GuessPolicy = {
  freeGuesses: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};
/** Wrong guesses the whole site takes from all addresses per window before every address waits the full minute. */
export const ADMIN_GUESS_BUDGET = { name: 'admin.wrong-guesses', limit: 100, windowMs: 60 * 60_000 } as const;

/** One address's wrong guesses: how many, and until when (epoch ms) its next guess must wait. */
export interface GuessRecord {
  failures: number;
  waitUntil: number;
}

/** Where the per-address records live: the shared store (`store-guess-ledger.ts`) or this process (fakes). */
export interface GuessLedger {
  read(key: string): Promise<GuessRecord | null>;
  /** Adds a wrong guess; `delayMs(failures)` says how long the address then waits, from now. */
  fail(key: string, delayMs: (failures: number) => number): Promise<GuessRecord>;
  forget(key: string): Promise<void>;
}

export interface GuessThrottle {
  /** Whole seconds `key` must wait before a guess may be checked; 0 when it may guess now. */
  wait(key: string): Promise<number>;
  /** Counts a wrong guess from `key`; answers the seconds it must wait before its next one. */
  failed(key: string): Promise<number>;
  /** The right password from `key`: its wrong guesses are forgotten. */
  succeeded(key: string): Promise<void>;
}

/** The wait after an address's `failures`-th wrong guess. */
export function guessDelayMs(failures: number, policy: GuessPolicy, budgetSpent: boolean): number {
  if (budgetSpent) return policy.maxDelayMs;
  if (failures <= policy.freeGuesses) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.freeGuesses - 1));
}

/** The one key of the site-wide budget. */
const SITE = 'site';

export interface GuessThrottleOptions {
  ledger: GuessLedger;
  /** Counts wrong guesses of every address under one key; `allowed: false` means the budget is spent. */
  budget: RateLimiter;
  policy?: GuessPolicy;
  clock?: Clock;
  /** Called when a wrong guess finds the site-wide budget spent (the caller logs it). */
  onBudgetSpent?: () => void;
}

export function createGuessThrottle({
  ledger,
  budget,
  policy = ADMIN_GUESS_POLICY,
  clock = systemClock,
  onBudgetSpent,
}: GuessThrottleOptions): GuessThrottle {
  const secondsUntil = (epochMs: number) => Math.max(0, Math.ceil((epochMs - clock.now().getTime()) / 1000));
  return {
    async wait(key) {
      const record = await ledger.read(key);
      return record ? secondsUntil(record.waitUntil) : 0;
    },
    async failed(key) {
      const budgetSpent = !(await budget.hit(SITE)).allowed;
      if (budgetSpent) onBudgetSpent?.();
      const record = await ledger.fail(key, (failures) => guessDelayMs(failures, policy, budgetSpent));
      return secondsUntil(record.waitUntil);
    },
    succeeded: (key) => ledger.forget(key),
  };
}

/** Per-process records, for unit tests and module harnesses without a shared store. */
export function createMemoryGuessLedger({
  forgetAfterMs = ADMIN_GUESS_POLICY.forgetAfterMs,
  clock = systemClock,
}: { forgetAfterMs?: number; clock?: Clock } = {}): GuessLedger {
  const records = new Map<string, GuessRecord & { forgetAt: number }>();
  const live = (key: string, now: number) => {
    const record = records.get(key);
    if (record && record.forgetAt <= now) records.delete(key);
    return record && record.forgetAt > now ? record : null;
  };
  return {
    async read(key) {
      const record = live(key, clock.now().getTime());
      return record ? { failures: record.failures, waitUntil: record.waitUntil } : null;
    },
    async fail(key, delayMs) {
      const now = clock.now().getTime();
      const failures = (live(key, now)?.failures ?? 0) + 1;
      const record = { failures, waitUntil: now + delayMs(failures), forgetAt: now + forgetAfterMs };
      records.set(key, record);
      return { failures, waitUntil: record.waitUntil };
    },
    async forget(key) {
      records.delete(key);
    },
  };
}

/** "12 seconds", "1 minute": how long a refused guess must wait, for the message people read. */
export function describeWait(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
