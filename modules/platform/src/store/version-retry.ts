/**
 * Optimistic concurrency: `attempt` reads inside one transaction and writes at the version it read. The
 * embedded store serialises transactions, so a conflict cannot happen there; on MongoDB (or two processes)
 * writers acting at once can collide, and the loser runs again on the fresh state.
 */
import { ConcurrencyError, UniqueConstraintError } from './document-store.port.ts';

export interface VersionRetryOptions {
  /** Runs at most this many times (default 5); the last conflict is thrown. */
  attempts?: number;
  /** Also run again when a unique key was taken meanwhile (two writers creating one document or claiming one slug). */
  onUniqueConflict?: boolean;
}

export async function withVersionRetry<R>(attempt: () => Promise<R>, options: VersionRetryOptions = {}): Promise<R> {
  const attempts = options.attempts ?? 5;
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      const lostRace =
        error instanceof ConcurrencyError ||
        (options.onUniqueConflict === true && error instanceof UniqueConstraintError);
      if (!lostRace || n >= attempts) throw error;
    }
  }
}
