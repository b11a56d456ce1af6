/**
 * Keeps the stored exchange rates fresh from the configured feed, in worker processes only. Each round fetches
 * the feed's table and stores it if it is newer (rate-book.ts); a new table re-projects what converts with it
 * (`onChanged`). A feed that cannot be reached, or answers a table that is refused, is logged and asked again
 * with backoff: either way the last good table stays in effect and visitors never see an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ModuleDeps, Scheduler } from '@evently/platform';
import type { RateTable } from '../../domain/currency.ts';
import type { RateBook } from './rate-book.ts';

export interface RatesRefreshOptions {
  book: RateBook;
  /** Fetches and validates the feed's table; throws on an outage or a refused table. */
  fetchTable: () => Promise<RateTable>;
  /** Where the table came from, stored beside it. */
  source: string;
  logger: ModuleDeps['logger'];
  /** Between two rounds (default 6 h: reference rates change once a working day). */
  intervalMs?: number;
  /** First wait after a failed round, doubled each time up to `intervalMs` (default 60 s). */
  retryMs?: number;
  /** After a new table is stored: re-project what was converted with the old one. */
  onChanged?: (table: RateTable) => Promise<unknown>;
}

export function createRatesRefreshScheduler(options: RatesRefreshOptions): Scheduler {
  const { book, fetchTable, source, logger } = options;
  const intervalMs = options.intervalMs ?? 6 * 60 * 60 * 1000;
  const retryMs = Math.min(options.retryMs ?? 60_000, intervalMs);
  let stopping: AbortController | null = null;
  let running: Promise<void> | null = null;

  /** One round: true when it ended well (a table stored, or the same one again). */
  async function round(): Promise<boolean> {
    try {
      const table = await fetchTable();
      const result = await book.adopt(table, source);
      logger.info(
        { date: table.date, currencies: Object.keys(table.usdPerUnit).length, result },
        'exchange rates refreshed',
      );
      if (result === 'adopted') await options.onChanged?.(table);
      return true;
    } catch (error) {
      logger.warn(
        { err: error, held: book.current().date },
        'exchange rates not refreshed: converting with the table held',
      );
      return false;
    }
  }

  async function run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      failures = (await round()) ? 0 : failures + 1;
      const wait = failures === 0 ? intervalMs : Math.min(retryMs * 2 ** (failures - 1), intervalMs);
      await sleep(wait, undefined, { signal }).catch(() => undefined);
    }
  }

  return {
    name: 'events.exchange-rates-refresh',
    start() {
      if (running) return;
      const controller = new AbortController();
      stopping = controller;
      running = run(controller.signal).finally(() => {
        running = null;
      });
    },
    async stop() {
      stopping?.abort();
      await running;
    },
  };
}
