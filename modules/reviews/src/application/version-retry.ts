/**
 * Optimistic concurrency for moderation: each attempt reads the review and updates it at the version it read,
 * inside one transaction. The embedded store serialises transactions; on MongoDB two administrators acting
 * at once can collide, and the loser tries again on the fresh state (and is then told it was already done).
 */
import { ConcurrencyError } from '@evently/platform';

const ATTEMPTS = 5;

export async function withVersionRetry<R>(attempt: () => Promise<R>): Promise<R> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || n >= ATTEMPTS) throw error;
    }
  }
}
