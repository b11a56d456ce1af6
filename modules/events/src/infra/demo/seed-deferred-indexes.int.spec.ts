/**
 * A first load builds the indexes its writes never read once at the end (`withIndexesDeferred`, issue 14). The
 * load must not notice: the same documents, links and log records as a load that keeps every index up to date
 * row by row, and the same answers from the deferred indexes afterwards.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDocumentStore, fixedClock, type DocumentStore } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import type { SourceEventInput } from '../../contracts/source-event.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { makeUpsertFromSource } from '../../application/commands/upsert-from-source/upsert-from-source.ts';
import { EVENTS_COLLECTION, EVENTS_COLLECTIONS } from '../../application/events-collections.ts';
import { makeSeeding } from './seed-demo.ts';

const NOW = '2026-11-26T09:00:00.000Z';
const COUNT = 4_000;

describe('a first seed with deferred indexes equals one that keeps them (issue 14)', () => {
  let dir: { dir: string; remove: () => Promise<void> };
  const stores: DocumentStore[] = [];

  beforeEach(async () => {
    dir = await createTempDataDir('evently-seed-indexes-');
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await dir.remove();
  });

  const seed = async (deferIndexes: boolean) => {
    const opened = await createSqliteDocumentStore({ file: `${dir.dir}/${deferIndexes ? 'deferred' : 'kept'}.db`, clock: fixedClock(NOW) });
    stores.push(opened);
    await opened.init(EVENTS_COLLECTIONS);
    let deferred = 0;
    const store: DocumentStore = Object.assign(Object.create(opened) as DocumentStore, {
      withIndexesDeferred: <R>(collection: string, indexes: string[][], work: () => Promise<R>) => {
        deferred += indexes.length;
        return deferIndexes ? opened.withIndexesDeferred(collection, indexes, work) : work();
      },
    });
    const clock = fixedClock(NOW);
    const { upsertManyFromSource } = makeUpsertFromSource({ store, clock, linkOffers: true });
    // Every 10th event sold again by a second seller in the same batch: groups for the matcher to find.
    const withSecondSellers = (inputs: SourceEventInput[]) =>
      upsertManyFromSource(
        inputs.flatMap((event, i) => (i % 10 === 0 ? [event, { ...event, source: 'fever', external_id: `again-${event.external_id}`, name: `${event.name.toUpperCase()} - Tickets` }] : [event])),
      );
    const added = await makeSeeding({ store, clock, upsertManyFromSource: withSecondSellers }).seed(COUNT);
    const documents = await opened.find<StoredEvent>(EVENTS_COLLECTION);
    const records = (await opened.outbox.pending(1_000_000)).map(({ record: { id: _id, ...rest } }) => rest);
    // Answered from the deferred indexes once they are built.
    const upcoming = await opened.find<StoredEvent>(EVENTS_COLLECTION, { where: { status: 'active', start_utc: { gte: NOW } }, sort: [{ field: 'start_utc', direction: 'asc' }], limit: 500 });
    const bySource = await opened.count(EVENTS_COLLECTION, { source: 'fever', status: 'active' });
    return { added, deferred, documents, records, upcoming: upcoming.map((event) => event.id), bySource };
  };

  it('given the generated catalogue (its second sellers linked into groups), then documents, log records and index answers are the same', async () => {
    const kept = await seed(false);
    const deferred = await seed(true);
    expect(deferred.deferred).toBe(2);
    expect(deferred.added).toBe(COUNT);
    expect(deferred.documents).toEqual(kept.documents);
    expect(deferred.records).toEqual(kept.records);
    expect(deferred.upcoming).toEqual(kept.upcoming);
    expect(deferred.bySource).toEqual(kept.bySource);
    // The catalogue links some records into others' groups, so the matcher's reads ran during the load.
    expect(kept.documents.filter((event) => event.canonical_id).length).toBeGreaterThan(300);
    expect(kept.bySource).toBeGreaterThan(400);
    expect(kept.upcoming.length).toBe(500);
  });
});
