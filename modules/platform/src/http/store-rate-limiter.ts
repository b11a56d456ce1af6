/**
 * Rate-limit counters kept in the DocumentStore, so every process sharing the store shares the counts: the
 * api replicas of the production profile (MongoDB), and the processes sharing one DATA_DIR on the embedded
 * profile (SQLite). Counts survive restarts. Why not rate-limiter-flexible: docs/decisions/018.
 *
 * A counter is a fixed window per (limiter name, key): one document whose id is a hash of both, holding the
 * count and when the window ends. Every change is an optimistic, versioned update inside a transaction, so
 * two processes counting at the same moment cannot both take the last attempt; the loser retries.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../clock/clock.ts';
import type { ModuleDeps } from '../module.ts';
import { defineCollection } from '../store/collection.ts';
import type { CollectionSpec, DocumentStore, DocumentTransaction } from '../store/document-store.port.ts';
import { withVersionRetry } from '../store/version-retry.ts';
import { rateLimit, type RateLimiter, type RateLimits, type RateLimitSpec, type RateLimitState } from './rate-limit.ts';

export const RATE_LIMIT_COUNTERS = 'rate_limit_counters';

/**
 * The fields every record of the collection has (the guess ledger's add their own): enough for the limiters
 * and for the sweep, which removes any kind of record once `reset_at` has passed.
 */
export const counterFieldsSchema = z.object({
  /** The limiter's (or ledger's) name. */
  name: z.string(),
  count: z.number(),
  /** Epoch milliseconds when the window ends and the count starts again from zero. */
  reset_at: z.number(),
});

const counters = defineCollection({
  name: RATE_LIMIT_COUNTERS,
  indexes: [['reset_at']],
  schema: counterFieldsSchema,
});

type Counter = z.infer<typeof counterFieldsSchema>;

export const rateLimitCountersCollection: CollectionSpec = counters.spec;

const MAX_ATTEMPTS = 8;
/** Expired counters removed per new window opened, which keeps the collection about as large as live keys. */
const SWEEP_BATCH = 20;

/** One counter document per (limiter name, key). */
export const counterId = (name: string, key: string): string =>
  createHash('sha256').update(`${name}\n${key}`).digest('base64url');

/** Runs `work` in a transaction, again on a lost race (another process updated or created the same counter). */
export async function counterTransaction<R>(
  store: DocumentStore,
  clock: Clock,
  work: (tx: DocumentTransaction, now: number) => Promise<R>,
): Promise<R> {
  return withVersionRetry(() => store.transaction((tx) => work(tx, clock.now().getTime())), {
    attempts: MAX_ATTEMPTS,
    onUniqueConflict: true,
  });
}

export interface StoreRateLimitsOptions {
  store: DocumentStore;
  clock: Clock;
  /** Requests of an authenticated admin are never limited. */
  isAdmin?: (ctx: Context) => Promise<boolean>;
}

export function createStoreRateLimits({ store, clock, isAdmin }: StoreRateLimitsOptions): RateLimits {
  // Harnesses that never declared the collection still work: the first use creates it (init is idempotent).
  let ready: Promise<void> | undefined;
  const ensureCollection = () => (ready ??= store.init([rateLimitCountersCollection]));

  const withRetry = async <R>(work: (tx: DocumentTransaction, now: number) => Promise<R>): Promise<R> => {
    await ensureCollection();
    return counterTransaction(store, clock, work);
  };

  function create({ name, limit, windowMs }: RateLimitSpec): RateLimiter {
    const refused = (resetAt: number, now: number): RateLimitState => ({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    });
    const live = (counter: Counter | null, now: number) => (counter && counter.reset_at > now ? counter : null);

    return {
      async peek(key) {
        await ensureCollection();
        const now = clock.now().getTime();
        const counter = live(await counters.get(store, counterId(name, key)), now);
        const count = counter?.count ?? 0;
        if (counter && count >= limit) return refused(counter.reset_at, now);
        return { allowed: true, remaining: limit - count, retryAfterSeconds: 0 };
      },
      hit(key) {
        const id = counterId(name, key);
        return withRetry(async (tx, now) => {
          const stored = await counters.get(tx, id);
          if (stored && stored.reset_at > now) {
            if (stored.count >= limit) return refused(stored.reset_at, now);
            await counters.update(tx, id, stored.version, { count: stored.count + 1 });
            return { allowed: true, remaining: limit - stored.count - 1, retryAfterSeconds: 0 };
          }
          const fresh = { name, count: 1, reset_at: now + windowMs };
          if (stored) {
            await counters.update(tx, id, stored.version, fresh);
          } else {
            for (const old of await counters.find(tx, {
              where: { reset_at: { lte: now } },
              limit: SWEEP_BATCH,
            })) {
              await counters.delete(tx, old.id);
            }
            await counters.insert(tx, { id, ...fresh });
          }
          return { allowed: true, remaining: limit - 1, retryAfterSeconds: 0 };
        });
      },
      async reset(key) {
        await withRetry((tx) => counters.delete(tx, counterId(name, key)));
      },
    };
  }

  return {
    create,
    middleware: ({ name, limit, windowMs, ...options }) =>
      rateLimit({ limiter: create({ name, limit, windowMs }), ...(isAdmin ? { exempt: isAdmin } : {}), ...options }),
  };
}

/** The module's shared limits: the composition's, or (module harnesses) store-backed ones on the module's store. */
export function rateLimitsFor(deps: Pick<ModuleDeps, 'rateLimits' | 'store' | 'clock' | 'isAdmin'>): RateLimits {
  return (
    deps.rateLimits ??
    createStoreRateLimits({ store: deps.store, clock: deps.clock, ...(deps.isAdmin ? { isAdmin: deps.isAdmin } : {}) })
  );
}
