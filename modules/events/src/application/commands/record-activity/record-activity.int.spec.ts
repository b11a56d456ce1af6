import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSourceEvent } from '../../../testing/make-event.ts';
import { createEventsHarness, type EventsHarness } from '../../../testing/events-harness.ts';
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

  it('given an event that is not live, then nothing is counted', async () => {
    const buffered = makeRecordActivity({ store: h.store, clock: h.clock, flushMs: 3_600_000 });
    expect(await buffered.recordView('404')).toBeNull();
    await buffered.closeActivity();
  });
});
