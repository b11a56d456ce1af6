/**
 * Demo and bulk loading through the same command the ingestion uses (upsertFromSource, batched).
 * `seedDemoIfEmpty` gives an empty DATA_DIR a browsable catalogue; `seed(N)` adds N more (npm run seed).
 */
import type { Clock, DocumentStore } from '@evently/platform';
import type { SourceEventInput } from '../../contracts/source-event.ts';
import { eventsCollection } from '../collections.ts';
import type { UpsertResult } from '../../application/commands/upsert-from-source/upsert-from-source.ts';
import { loadBundledStays } from '../store-stays-provider.ts';
import { generateDemoEvents } from './demo-catalogue.ts';

export const DEMO_EVENT_COUNT = 2400;
const BATCH = 1000;

export interface SeedDeps {
  store: DocumentStore;
  clock: Clock;
  upsertManyFromSource: (inputs: SourceEventInput[]) => Promise<UpsertResult[]>;
}

export async function loadGenerated(
  deps: SeedDeps,
  options: {
    count: number;
    seed: number;
    idPrefix: string;
    startIndex?: number;
    severalSellers?: boolean;
    onProgress?: (done: number) => void;
  },
): Promise<number> {
  let batch: SourceEventInput[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await deps.upsertManyFromSource(batch);
    done += batch.length;
    batch = [];
    options.onProgress?.(done);
  };
  for (const event of generateDemoEvents({ ...options, now: deps.clock.now() })) {
    batch.push(event);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return done;
}

export function makeSeeding(deps: SeedDeps) {
  return {
    /** Loads the demo catalogue and the stays feed when the catalogue is empty; returns events loaded. */
    async seedDemoIfEmpty(): Promise<number> {
      await loadBundledStays(deps.store);
      if ((await eventsCollection.count(deps.store)) > 0) return 0;
      return loadGenerated(deps, { count: DEMO_EVENT_COUNT, seed: 42, idPrefix: 'demo', severalSellers: true });
    },
    /** Adds `count` generated events after whatever is there (new external ids each run). */
    async seed(count: number, onProgress?: (done: number) => void): Promise<number> {
      await loadBundledStays(deps.store);
      const existing = await eventsCollection.count(deps.store);
      return loadGenerated(deps, {
        count,
        seed: 1000 + existing,
        idPrefix: `seed${existing}`,
        startIndex: existing,
        onProgress,
      });
    },
  };
}
