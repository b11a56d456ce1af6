/**
 * A rebuild on real engines, run by the embedded bus and search index here and by Kafka and Elasticsearch
 * through testcontainers: readers keep the serving copy's schema until the swap (a sort on the new field
 * does not fail), a write made during the rebuild is searchable within seconds from the serving copy, and
 * after the swap the new copy holds every message, the one published between the replay's end and the swap
 * included.
 */
import { expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createEnvelope } from '../bus/envelope.ts';
import type { EventBus } from '../bus/event-bus.port.ts';
import type { IndexDocument, IndexSchema, SearchIndex } from '../search/search-index.port.ts';
import { createLatestVersionProjector } from './latest-version-projector.ts';
import { createProjectorRunner } from './projector-runner.ts';

export interface RebuildEngines {
  bus: EventBus;
  search: SearchIndex;
  close(): Promise<void>;
}

const logger = pino({ level: 'silent' });
/** Elasticsearch shows writes after its 1 s refresh; the embedded engine at once. */
const SEARCHABLE_WITHIN = { timeout: 10_000, interval: 100 };

export function testRebuildBesideLive(open: () => Promise<RebuildEngines>, topic: string): void {
  it('a schema change rebuilds beside the live projector: old schema read until the swap, live writes searchable, no gap', async () => {
    const { bus, search, close } = await open();
    const index = `rebuilt_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const before: IndexSchema = { name: index, fields: { name: { type: 'text' } } };
    const after: IndexSchema = { name: index, fields: { name: { type: 'text' }, rank: { type: 'number' } } };
    const key = (n: number) => `${index}-${n}`;
    const publish = (n: number, name: string) =>
      bus.publish([
        createEnvelope({
          topic,
          key: key(n),
          type: 'ThingSaved',
          aggregateVersion: 1,
          data: { name, rank: n },
          occurredAt: new Date(),
        }),
      ]);
    const ids = async (query: Parameters<SearchIndex['search']>[1]) =>
      (await search.search(index, { limit: 100, ...query })).hits.map((hit) => hit.id);

    // The replay is held until the test lets it go, as a long one would be; its commit publishes a message
    // first and waits for the live projector to write it to the old copy.
    let releaseReplay!: () => void;
    const replayHeld = new Promise<void>((resolve) => (releaseReplay = resolve));
    const gated: SearchIndex = {
      ...search,
      async beginRebuild(name) {
        const copy = await search.beginRebuild(name);
        return {
          ...copy,
          upsert: async (docs, options) => {
            await replayHeld;
            await copy.upsert(docs, options);
          },
          commit: async () => {
            await publish(5, 'Published At The Swap');
            await vi.waitFor(async () => expect(await search.get(index, key(5))).not.toBeNull(), SEARCHABLE_WITHIN);
            await copy.commit();
          },
        };
      },
    };
    const projector = createLatestVersionProjector({
      name: `rebuilt-${index}`,
      topic,
      index,
      search: gated,
      documentFor: (message) => {
        if (!message.key.startsWith(`${index}-`)) return null;
        const data = message.data as { name: string; rank: number };
        return {
          id: message.key,
          name: data.name,
          rank: data.rank,
          aggregate_version: message.aggregate_version,
        } as IndexDocument & { aggregate_version: number };
      },
    });
    const runner = createProjectorRunner({ bus, projectors: [projector], logger });
    try {
      await bus.init([topic]);
      await search.init(before);
      await runner.start();
      for (const n of [1, 2, 3]) await publish(n, `Thing ${n}`);
      await runner.drained();
      await search.refresh(index);

      expect(await search.init(after)).toEqual({ created: true });
      const byRank = { sort: [{ by: 'field' as const, field: 'rank', direction: 'desc' as const }] };
      // Read with the serving copy's schema: no error, the new field orders nothing yet.
      expect(await ids(byRank)).toEqual([key(1), key(2), key(3)].sort());

      const rebuilt = runner.rebuild([projector.name]);
      await publish(4, 'Written During The Rebuild');
      await vi.waitFor(async () => expect(await ids({ text: 'during' })).toEqual([key(4)]), SEARCHABLE_WITHIN);
      releaseReplay();
      await rebuilt;
      await runner.drained();
      await search.refresh(index);

      expect(await ids(byRank)).toEqual([5, 4, 3, 2, 1].map(key));
      expect(await search.init(after)).toEqual({ created: false });
    } finally {
      releaseReplay();
      await runner.stop();
      await close();
    }
  });
}
