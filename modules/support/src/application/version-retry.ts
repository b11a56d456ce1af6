/**
 * Optimistic concurrency for ticket changes: each attempt reads the ticket and updates it at the version it
 * read, inside one transaction. The embedded store serialises transactions so a conflict cannot happen there;
 * on MongoDB two admins acting at once can collide, and the loser simply tries again on the fresh state.
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
