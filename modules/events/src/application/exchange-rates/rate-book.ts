/**
 * The exchange rates in effect: the newest table a worker fetched and stored (`exchange_rates`, one document),
 * else the bundled one. Every process converts with the table it holds; api processes read the stored one again
 * every `rereadMs` in the background, so a conversion never waits on the store and a store that cannot be read
 * keeps the table last held. A table is never replaced by an older one (two workers, or a feed that lags).
 */
import type { Clock, DocumentStore, ModuleDeps } from '@evently/platform';
import { BUNDLED_RATES, type RateTable } from '../../domain/currency.ts';
import { exchangeRatesCollection, type StoredRates } from '../../infra/collections.ts';

const CURRENT_RATES_ID = 'current';

export type AdoptResult = 'adopted' | 'unchanged' | 'older';

export interface RateBook {
  /** The table to convert with now. */
  current(): RateTable;
  /** Reads the stored table (the bundled one when none is stored) and holds it. */
  reload(): Promise<RateTable>;
  /** Stores a fetched table unless the stored one is newer or the same. */
  adopt(table: RateTable, source: string): Promise<AdoptResult>;
}

export interface RateBookOptions {
  store: DocumentStore;
  clock: Clock;
  logger: ModuleDeps['logger'];
  /** How old the held table may get before the next conversion asks the store again (default 60 s). */
  rereadMs?: number;
}

const sameRates = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([code, rate]) => b[code] === rate);

export function createRateBook({ store, clock, logger, rereadMs = 60_000 }: RateBookOptions): RateBook {
  let held: RateTable = BUNDLED_RATES;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<RateTable> | null = null;

  const hold = (table: RateTable) => {
    held = table;
    readAt = clock.now().getTime();
    return table;
  };

  async function read(): Promise<RateTable> {
    const stored = await exchangeRatesCollection.get(store, CURRENT_RATES_ID);
    return hold(stored ? { date: stored.date, usdPerUnit: stored.usd_per_unit } : BUNDLED_RATES);
  }

  function reload(): Promise<RateTable> {
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  return {
    current() {
      if (clock.now().getTime() - readAt >= rereadMs && !reading) {
        reload().catch((error: unknown) => {
          // Waited out until the next conversion asks again; meanwhile the table last held stays in effect.
          readAt = clock.now().getTime();
          logger.warn({ err: error }, 'exchange rates could not be read again: converting with the table held');
        });
      }
      return held;
    },
    reload,
    async adopt(table, source) {
      const result = await store.transaction(async (tx): Promise<AdoptResult> => {
        const stored = await exchangeRatesCollection.get(tx, CURRENT_RATES_ID);
        const body: StoredRates = {
          date: table.date,
          usd_per_unit: { ...table.usdPerUnit },
          source,
          fetched_at: clock.now().toISOString(),
        };
        if (!stored) {
          await exchangeRatesCollection.insert(tx, { id: CURRENT_RATES_ID, ...body });
          return 'adopted';
        }
        if (stored.date > table.date) return 'older';
        if (stored.date === table.date && sameRates(stored.usd_per_unit, table.usdPerUnit)) return 'unchanged';
        await exchangeRatesCollection.update(tx, CURRENT_RATES_ID, stored.version, body);
        return 'adopted';
      });
      if (result === 'adopted') hold(table);
      else await reload();
      return result;
    },
  };
}
