import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProjectorRunner, silentLogger, type ProjectorRunner, type SearchIndex } from '@evently/platform';
import { createSqliteSearchIndex } from '@evently/sqlite';
import type { SourceEventInput } from '../../contracts/source-event.ts';
import { generateDemoEvents } from '../../infra/demo/demo-catalogue.ts';
import { createEventsHarness, type EventsHarness } from '../../testing/events-harness.ts';
import { EVENTS_INDEX, eventsIndexSchema } from './events-index.ts';
import { createEventsSearchProjector } from './events-search.projector.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const KEYWORDS = Object.entries(eventsIndexSchema.fields)
  .filter(([, spec]) => spec.type === 'keyword')
  .map(([field]) => field);

/** Everything a reader can observe: every document, facet counts (whole and upcoming) and a few searches. */
async function snapshot(search: SearchIndex) {
  const documents: unknown[] = [];
  for await (const page of search.scan(EVENTS_INDEX, { sort: [] }, 500))
    documents.push(...page.map((hit) => hit.source));
  const upcoming = [{ field: 'start', op: 'range' as const, gte: '2026-12-15T00:00:00.000Z' }];
  const searches = await Promise.all(
    [
      { text: 'jazz' },
      {
        text: 'festival berlin',
        sort: [{ by: 'relevance' as const }, { by: 'field' as const, field: 'start', direction: 'asc' as const }],
      },
      {
        filters: [{ field: 'category', op: 'eq' as const, value: 'Music' }],
        sort: [{ by: 'field' as const, field: 'price_usd_min', direction: 'asc' as const }],
      },
      {
        near: { field: 'location', lat: 40.71, lon: -74.0, radiusKm: 50 },
        sort: [{ by: 'distance' as const, direction: 'asc' as const }],
      },
      { bounds: { field: 'location', north: 60, south: 35, east: 30, west: -10 }, filters: upcoming },
    ].map(async (query) => {
      const result = await search.search(EVENTS_INDEX, { ...query, limit: 50 });
      return {
        total: result.total,
        ids: result.hits.map((hit) => hit.id),
        distances: result.hits.map((hit) => hit.distanceKm),
      };
    }),
  );
  return {
    documents,
    facets: await search.facets(EVENTS_INDEX, { terms: KEYWORDS, stats: ['price_usd_min', 'popularity', 'start'] }),
    upcomingFacets: await search.facets(EVENTS_INDEX, { terms: KEYWORDS, filters: upcoming }),
    searches,
  };
}

describe('events search index loaded in bulk (issue 14)', () => {
  let h: EventsHarness;
  let bulk: SearchIndex;
  let bulkRunner: ProjectorRunner;
  const generated = [...generateDemoEvents({ count: 700, seed: 5, now: new Date(NOW), idPrefix: 'bulk' })];

  const write = async (events: SourceEventInput[]) => {
    for (let i = 0; i < events.length; i += 200) await h.module.commands.upsertManyFromSource(events.slice(i, i + 200));
  };
  /** Updates, a removal and visitor activity, so the log holds several versions of some events. */
  const change = async (from: number) => {
    const slice = generated.slice(from, from + 10);
    await write(slice.map((event, i) => ({ ...event, name: `${event.name} Encore ${i}`, min_price: 7 + i })));
    await h.module.commands.removeFromSource(slice[0]!.source, slice[0]!.external_id, 'cancelled by the organiser');
    await h.module.commands.recordView('3');
  };

  beforeEach(async () => {
    h = await createEventsHarness({ now: NOW, options: { linkOffers: true } });
    bulk = createSqliteSearchIndex({ file: ':memory:', readerThreads: 0 });
    await bulk.init(eventsIndexSchema);
    // A second consumer group over the same log, filling its own index through the rebuild path.
    const projector = {
      ...createEventsSearchProjector({ search: bulk, logger: silentLogger() }),
      name: 'events-search-bulk',
    };
    bulkRunner = createProjectorRunner({
      bus: h.bus,
      projectors: [projector],
      logger: silentLogger(),
      rebuildBatch: 97,
    });
  });
  afterEach(async () => {
    await bulkRunner.stop();
    await bulk.close();
    await h.close();
  });

  it('given the same log, then a bulk-loaded index equals one projected event by event, and later changes apply to it live', async () => {
    await write(generated.slice(0, 600));
    await change(100);
    await h.settle();
    await bulkRunner.rebuild(['events-search-bulk']);

    const live = await snapshot(h.search);
    expect(live.documents.length).toBeGreaterThan(550);
    expect(live.facets.terms.city?.length).toBeGreaterThan(5);
    expect(await snapshot(bulk)).toEqual(live);

    // After the bulk load the index is the live one: new events, updates and removals reach it as usual.
    await bulkRunner.start();
    await write(generated.slice(600));
    await change(300);
    await h.settle();
    await bulkRunner.drained();
    const after = await snapshot(h.search);
    expect(after.documents.length).toBeGreaterThan(live.documents.length);
    expect(await snapshot(bulk)).toEqual(after);
  });
});
