/**
 * Setup work that another process may be doing at the same moment (a fresh data folder opened by `worker`,
 * `api` and `ingest` at once): run in an IMMEDIATE transaction, it waits for the other's to commit and then
 * finds the tables made. SQLite's busy handler waits synchronously and gives up after the connection's
 * busy_timeout; on a loaded host the other's setup can take longer, so a SQLITE_BUSY answer is tried again
 * after an asynchronous pause, up to a bound, with one log line saying what it waits for.
 */
import type { Logger } from 'pino';

export interface WhileBusyOptions {
  /** What is being set up, for the log line ("search index events"). */
  what: string;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Gives up (rethrowing SQLite's error) after this long. */
  timeoutMs?: number;
}

export const isBusy = (error: unknown): boolean =>
  String((error as { code?: unknown } | null)?.code ?? '').startsWith('SQLITE_BUSY');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function whileBusy<T>(work: () => T, { what, logger, timeoutMs = 60_000 }: WhileBusyOptions): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = work();
      if (attempt > 0)
        logger?.info(
          { what, waitedMs: Date.now() - started, attempts: attempt + 1 },
          `${what}: set up after waiting for another process`,
        );
      return result;
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= timeoutMs) throw error;
      if (attempt === 0)
        logger?.warn(
          { what, code: (error as { code?: string }).code, timeoutMs },
          `${what}: the database is locked by another process; waiting for it`,
        );
      await pause(Math.min(50 * 2 ** attempt, 1_000));
    }
  }
}

/**
 * The synchronous form, for the first statements on a new connection (switching a fresh file to WAL, the
 * migrations), which constructors run before anything can await. Switching to WAL needs an exclusive lock and
 * SQLite may answer SQLITE_BUSY at once, without its busy handler, while another process is making the same
 * switch; so the statement is tried again after a short blocking pause, up to a bound. Start-up only: a
 * blocking pause here holds nothing but this process's own start.
 */
export function whileBusySync<T>(work: () => T, timeoutMs = 60_000): T {
  const started = Date.now();
  const clock = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= timeoutMs) throw error;
      Atomics.wait(clock, 0, 0, Math.min(10 * 2 ** attempt, 500));
    }
  }
}
