/**
 * Wrong admin-password guesses per address kept in the DocumentStore, beside the rate-limit counters, so every
 * api replica (MongoDB) and every process on one DATA_DIR (SQLite) makes an address wait the same time, and a
 * restart does not forget it. Each change is a versioned update in a transaction, retried on a lost race, so
 * two processes counting the same address at once both count. Expired records are swept by the counters'
 * own sweep (`reset_at` is when the record is forgotten).
 */
import type { Clock } from '../clock/clock.ts';
import type { DocumentStore } from '../store/document-store.port.ts';
import { ADMIN_GUESS_POLICY, type GuessLedger } from './guess-throttle.ts';
import {
  counterId,
  counterTransaction,
  RATE_LIMIT_COUNTERS,
  rateLimitCountersCollection,
} from './store-rate-limiter.ts';

interface GuessDocument {
  name: string;
  count: number;
  wait_until: number;
  reset_at: number;
}

export interface StoreGuessLedgerOptions {
  store: DocumentStore;
  clock: Clock;
  /** Unique per purpose, like a rate limit's name. */
  name: string;
  forgetAfterMs?: number;
}

export function createStoreGuessLedger({
  store,
  clock,
  name,
  forgetAfterMs = ADMIN_GUESS_POLICY.forgetAfterMs,
}: StoreGuessLedgerOptions): GuessLedger {
  let ready: Promise<void> | undefined;
  const ensureCollection = () => (ready ??= store.init([rateLimitCountersCollection]));
  const live = (record: GuessDocument | null, now: number) => (record && record.reset_at > now ? record : null);

  return {
    async read(key) {
      await ensureCollection();
      const record = live(
        await store.get<GuessDocument>(RATE_LIMIT_COUNTERS, counterId(name, key)),
        clock.now().getTime(),
      );
      return record ? { failures: record.count, waitUntil: record.wait_until } : null;
    },
    async fail(key, delayMs) {
      await ensureCollection();
      const id = counterId(name, key);
      return counterTransaction(store, clock, async (tx, now) => {
        const stored = await tx.get<GuessDocument>(RATE_LIMIT_COUNTERS, id);
        const failures = (live(stored, now)?.count ?? 0) + 1;
        const next = { name, count: failures, wait_until: now + delayMs(failures), reset_at: now + forgetAfterMs };
        if (stored) await tx.update<GuessDocument>(RATE_LIMIT_COUNTERS, id, stored.version, next);
        else await tx.insert<GuessDocument>(RATE_LIMIT_COUNTERS, { id, ...next });
        return { failures, waitUntil: next.wait_until };
      });
    },
    async forget(key) {
      await ensureCollection();
      await counterTransaction(store, clock, (tx) => tx.delete(RATE_LIMIT_COUNTERS, counterId(name, key)));
    },
  };
}
