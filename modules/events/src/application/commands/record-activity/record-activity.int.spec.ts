import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSourceEvent } from '../../../testing/make-event.ts';
import { createEventsHarness, type EventsHarness } from '../../../testing/events-harness.ts';
import type { DocumentStore, DocumentTransaction } from '@evently/platform';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { EVENTS_COLLECTION } from '../../../infra/collections.ts';
import { makeRecordActivity } from './record-activity.ts';

describe('buffered activity (production profile)', () => {
  let h: EventsHarness;

  beforeEach(async () => {
    h = await createEventsHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('given many views of one event, when flushed, then one write carries them all and popularity equals one write per view', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    // A very long interval: only the explicit flush writes, so the test needs no sleeping.
    const buffered = makeRecordActivity({ store: h.store, clock: h.clock, flushMs: 3_600_000 });
    const direct = makeRecordActivity({ store: h.store, clock: h.clock });
    for (let i = 0; i < 5; i++) expect((await buffered.recordView('1'))?.view_count).toBe(i + 1);
    await buffered.recordClick('1', 'ticketmaster');
    const before = await h.store.get<StoredEvent>(EVENTS_COLLECTION, '1');
    expect(before).toMatchObject({ view_count: 0, version: 1 });
    await buffered.closeActivity();
    const after = await h.store.get<StoredEvent>(EVENTS_COLLECTION, '1');
    expect(after).toMatchObject({ view_count: 5, click_count: 1, version: 2 });

    await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: 'other', name: 'Other' }));
    for (let i = 0; i < 5; i++) await direct.recordView('2');
    await direct.recordClick('2', 'ticketmaster');
    const oneByOne = await h.store.get<StoredEvent>(EVENTS_COLLECTION, '2');
    expect(oneByOne?.version).toBe(7);
    expect(after!.popularity_log).toBeCloseTo(oneByOne!.popularity_log, 9);
  });

  it('given views of many events, when flushed, then several events share a transaction and one that fails leaves the others written', async () => {
    const sources = Array.from({ length: 120 }, (_, i) =>
      makeSourceEvent({ external_id: `e${i}`, name: `Event ${i}` }),
    );
    await h.module.commands.upsertManyFromSource(sources);
    // A store whose transactions are counted, and whose reads of one event fail as a broken record's would.
    let transactions = 0;
    const broken = '7';
    const store: DocumentStore = Object.create(h.store, {
      transaction: {
        value: <R>(work: (tx: DocumentTransaction) => Promise<R>) => {
          transactions++;
          return h.store.transaction((tx) =>
            work(
              Object.create(tx, {
                get: {
                  value: (collection: string, id: string) =>
                    id === broken ? Promise.reject(new Error('unreadable record')) : tx.get(collection, id),
                },
              }) as DocumentTransaction,
            ),
          );
        },
      },
    }) as DocumentStore;
    const buffered = makeRecordActivity({ store, clock: h.clock, flushMs: 3_600_000 });
    for (let id = 1; id <= 120; id++) await buffered.recordView(String(id));
    await buffered.flushActivity();
    // 120 events in transactions of 50: three, and the one holding the broken event again one per event.
    expect(transactions).toBe(3 + 50);
    const counts = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => (await h.store.get<StoredEvent>(EVENTS_COLLECTION, String(i + 1)))!),
    );
    expect(counts.filter((event) => event.view_count === 1)).toHaveLength(119);
    expect(counts.find((event) => event.id === broken)?.view_count).toBe(0);
  });

  it('given an event that is not live, then nothing is counted', async () => {
    const buffered = makeRecordActivity({ store: h.store, clock: h.clock, flushMs: 3_600_000 });
    expect(await buffered.recordView('404')).toBeNull();
    await buffered.closeActivity();
  });
});
