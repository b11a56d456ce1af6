/**
 * Optimistic concurrency for post writes: each attempt reads and writes inside one transaction. The embedded
 * store serialises transactions so a conflict cannot happen there; on MongoDB two admins saving at once (or
 * two posts claiming one slug) can collide, and the loser tries again on the fresh state.
 */
import { ConcurrencyError, UniqueConstraintError } from '@evently/platform';

const ATTEMPTS = 5;

export async function withWriteRetry<R>(attempt: () => Promise<R>): Promise<R> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      const retryable = error instanceof ConcurrencyError || error instanceof UniqueConstraintError;
      if (!retryable || n >= ATTEMPTS) throw error;
    }
  }
}
