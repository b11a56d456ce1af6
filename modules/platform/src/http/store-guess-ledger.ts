/**
 * Wrong admin-password guesses per address kept in the DocumentStore, beside the rate-limit counters, so every
 * api replica (MongoDB) and every process on one DATA_DIR (SQLite) makes an address wait the same time, and a
 * restart does not forget it. Each change is a versioned update in a transaction, retried on a lost race, so
 * two processes counting the same address at once both count. Expired records are swept by the counters'
 * own sweep (`reset_at` is when the record is forgotten).
 */
import { z } from 'zod';
import type { Clock } from '../clock/clock.ts';
import { defineCollection } from '../store/collection.ts';
import type { DocumentStore } from '../store/document-store.port.ts';
import { ADMIN_GUESS_POLICY, type GuessLedger } from './guess-throttle.ts';
import {
  counterFieldsSchema,
  counterId,
  counterTransaction,
  rateLimitCountersCollection,
} from './store-rate-limiter.ts';

/** A record of the rate-limit counters' collection that also says until when the address must wait. */
const guessSchema = counterFieldsSchema.extend({
  /** Epoch milliseconds before which the next guess is refused. */
  wait_until: z.number(),
});

type GuessDocument = z.infer<typeof guessSchema>;

const guesses = defineCollection({ ...rateLimitCountersCollection, schema: guessSchema });

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
      const record = live(await guesses.get(store, counterId(name, key)), clock.now().getTime());
      return record ? { failures: record.count, waitUntil: record.wait_until } : null;
    },
    async fail(key, delayMs) {
      await ensureCollection();
      const id = counterId(name, key);
      return counterTransaction(store, clock, async (tx, now) => {
        const stored = await guesses.get(tx, id);
        const failures = (live(stored, now)?.count ?? 0) + 1;
        const next = { name, count: failures, wait_until: now + delayMs(failures), reset_at: now + forgetAfterMs };
        if (stored) await guesses.update(tx, id, stored.version, next);
        else await guesses.insert(tx, { id, ...next });
        return { failures, waitUntil: next.wait_until };
      });
    },
    async forget(key) {
      await ensureCollection();
      await counterTransaction(store, clock, (tx) => guesses.delete(tx, counterId(name, key)));
    },
  };
}
