import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Delivered, Subscription } from '@evently/platform';
import { EVENTS_ACTIVITY_TOPIC, EVENTS_TOPIC } from '../../contracts/event-messages.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { createEventsHarness, type EventsHarness } from '../../testing/events-harness.ts';
import { makeSourceEvent } from '../../testing/make-event.ts';
import { EVENTS_COLLECTION } from '../../infra/collections.ts';
import { EVENTS_INDEX, type EventIndexDocument } from '../projections/events-index.ts';

describe('events commands on the embedded engines', () => {
  let h: EventsHarness;
  let messages: Delivered[];
  let activity: Delivered[];
  let recorders: Subscription[];

  beforeEach(async () => {
    h = await createEventsHarness();
    messages = [];
    activity = [];
    recorders = [
      await h.bus.subscribe({
        group: 'test.recorder',
        topics: [EVENTS_TOPIC],
        handle: async (batch) => void messages.push(...batch),
      }),
      await h.bus.subscribe({
        group: 'test.activity',
        topics: [EVENTS_ACTIVITY_TOPIC],
        handle: async (batch) => void activity.push(...batch),
      }),
    ];
  });
  afterEach(async () => {
    await h.close();
  });

  /** The projectors and this spec's own recorders have handled everything published so far. */
  const settle = async () => {
    await h.settle();
    for (const recorder of recorders) await recorder.drained();
  };
  const indexed = (id: string) => h.search.get(EVENTS_INDEX, id) as Promise<EventIndexDocument | null>;

  it('given a new source event, when upserted, then it gets the next numeric id, a slug and one message keyed by id', async () => {
    const first = await h.module.commands.upsertFromSource(makeSourceEvent());
    const second = await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'tm-2', name: 'Second Show' }),
    );
    expect(first).toEqual({ outcome: 'created', id: '1' });
    expect(second).toEqual({ outcome: 'created', id: '2' });
    await settle();
    expect(messages.map((m) => [m.type, m.key, m.aggregate_version, m.topic])).toEqual([
      ['EventUpserted', '1', 1, EVENTS_TOPIC],
      ['EventUpserted', '2', 1, EVENTS_TOPIC],
    ]);
    expect(await indexed('2')).toMatchObject({
      slug: '2-second-show',
      aggregate_version: 1,
      price_usd_min: 21.6,
      price_usd_max: 48.6,
    });
  });

  it('given an unchanged record, when upserted again, then nothing is written or published', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    await settle();
    const again = await h.module.commands.upsertFromSource(makeSourceEvent());
    await settle();
    expect(again).toEqual({ outcome: 'unchanged', id: '1' });
    expect(messages).toHaveLength(1);
    expect((await h.store.get<StoredEvent>(EVENTS_COLLECTION, '1'))?.version).toBe(1);
  });

  it('given a changed record, when upserted, then the same id gets a new version and the index follows', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    const changed = await h.module.commands.upsertFromSource(makeSourceEvent({ name: 'Blues Night', min_price: 10 }));
    await settle();
    expect(changed).toEqual({ outcome: 'updated', id: '1' });
    expect(await indexed('1')).toMatchObject({
      name: 'Blues Night',
      slug: '1-blues-night',
      aggregate_version: 2,
      price_usd_min: 10.8,
    });
  });

  it('given a batch that lists a pair twice and updates another, when upserted together, then each sees the earlier write', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: 'old' }));
    const results = await h.module.commands.upsertManyFromSource([
      makeSourceEvent({ external_id: 'new' }),
      makeSourceEvent({ external_id: 'new', name: 'Renamed In Batch' }),
      makeSourceEvent({ external_id: 'old', name: 'Old But Changed' }),
      makeSourceEvent({ external_id: 'old', name: 'Old But Changed' }),
    ]);
    expect(results).toEqual([
      { outcome: 'created', id: '2' },
      { outcome: 'updated', id: '2' },
      { outcome: 'updated', id: '1' },
      { outcome: 'unchanged', id: '1' },
    ]);
    await settle();
    expect(await indexed('2')).toMatchObject({ name: 'Renamed In Batch', aggregate_version: 2 });
  });

  it('given an invalid record, when upserted, then it is refused with the field named and nothing is written', async () => {
    await expect(h.module.commands.upsertFromSource(makeSourceEvent({ category: 'Nope' as never }))).rejects.toThrow(
      /category/,
    );
    expect(await h.store.count(EVENTS_COLLECTION)).toBe(0);
  });

  it('given a batch with one invalid record, when upserted together, then none is written', async () => {
    await expect(
      h.module.commands.upsertManyFromSource([
        makeSourceEvent(),
        makeSourceEvent({ external_id: 'tm-2', start_utc: 'soon' }),
      ]),
    ).rejects.toThrow(/start_utc/);
    expect(await h.store.count(EVENTS_COLLECTION)).toBe(0);
  });

  it('given a live event, when its source cancels it, then it leaves search but keeps its id', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    await settle();
    expect(await indexed('1')).not.toBeNull();
    await h.module.commands.upsertFromSource(makeSourceEvent({ status: 'cancelled' }));
    await settle();
    expect(await indexed('1')).toBeNull();
    expect(await h.module.queries.getById('1')).toBeNull();
    expect((await h.module.commands.upsertFromSource(makeSourceEvent())).id).toBe('1');
    await settle();
    expect(await indexed('1')).not.toBeNull();
  });

  it('given a live event, when removed, then EventRemoved takes it out of search; removing again changes nothing', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    expect(await h.module.commands.removeFromSource('ticketmaster', 'tm-1', 'gone from feed')).toEqual({
      outcome: 'removed',
      id: '1',
    });
    expect(await h.module.commands.removeFromSource('ticketmaster', 'tm-1', 'gone from feed')).toEqual({
      outcome: 'unchanged',
      id: '1',
    });
    expect(await h.module.commands.removeFromSource('ticketmaster', 'nope', 'x')).toEqual({
      outcome: 'not_found',
      id: null,
    });
    await settle();
    expect(messages.map((m) => m.type)).toEqual(['EventUpserted', 'EventRemoved']);
    expect(await indexed('1')).toBeNull();
    expect(await h.module.queries.listActiveExternalIds('ticketmaster')).toEqual([]);
  });

  it('given views and clicks, when recorded, then counts and popularity reach the index through the bus', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    await h.module.commands.recordView('1');
    await h.module.commands.recordView('1');
    await h.module.commands.recordClick('1', 'ticketmaster');
    await settle();
    // The compacted entity topic gets a snapshot per write (replay needs nothing else); the activity topic the views and clicks.
    expect(messages.filter((m) => m.topic === EVENTS_TOPIC).map((m) => m.type)).toEqual([
      'EventUpserted',
      'EventUpserted',
      'EventUpserted',
      'EventUpserted',
    ]);
    expect(activity.map((m) => [m.type, m.aggregate_version])).toEqual([
      ['EventViewed', 2],
      ['EventViewed', 3],
      ['EventClicked', 4],
    ]);
    const doc = await indexed('1');
    expect(doc).toMatchObject({ view_count: 2, click_count: 1, aggregate_version: 4 });
    expect(doc?.popularity).toBeGreaterThan(0);
    expect(await h.module.commands.recordView('999')).toBeNull();
  });

  it('given concurrent views of one event, when recorded, then none is lost', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    await Promise.all(Array.from({ length: 20 }, () => h.module.commands.recordView('1')));
    expect((await h.store.get<StoredEvent>(EVENTS_COLLECTION, '1'))?.view_count).toBe(20);
  });

  it('given messages already applied, when they are redelivered or arrive out of order, then the index does not change', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent());
    await h.module.commands.upsertFromSource(makeSourceEvent({ name: 'Renamed' }));
    await h.module.commands.recordView('1');
    await settle();
    const before = await indexed('1');
    const projector = h.module.projectors[0];
    // Redelivery resumes from a committed offset, so it always includes every later message.
    await projector?.apply(messages);
    expect(await indexed('1')).toEqual(before);
    await projector?.apply(messages.slice(1));
    expect(await indexed('1')).toEqual(before);
    // Older changes arriving after newer ones are ignored.
    await projector?.apply(messages.slice(1).reverse());
    expect(await indexed('1')).toEqual(before);
  });

  it('given a populated index, when rebuilt from the log, then searches answer the same', async () => {
    for (let i = 1; i <= 5; i++)
      await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: `e${i}`, name: `Show ${i}` }));
    await h.module.commands.removeFromSource('ticketmaster', 'e3', 'dropped');
    await h.module.commands.recordView('2');
    await settle();
    const before = await h.module.queries.search({ sort_by: 'popularity', sort_order: 'desc' });
    await h.runner.rebuild(['events-search']);
    const after = await h.module.queries.search({ sort_by: 'popularity', sort_order: 'desc' });
    expect(after).toEqual(before);
    // Equal popularity ties break by id in the sort's direction (the SearchIndex contract).
    expect(after.data.map((e) => e.id)).toEqual([2, 5, 4, 1]);
  });

  it('given live events of two sources, when listing active external ids, then only that source and scope are listed', async () => {
    await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: 'a' }));
    await h.module.commands.upsertFromSource(makeSourceEvent({ external_id: 'b', city: 'Paris', country: 'France' }));
    await h.module.commands.upsertFromSource(makeSourceEvent({ source: 'fever', external_id: 'c' }));
    expect((await h.module.queries.listActiveExternalIds('ticketmaster')).sort()).toEqual(['a', 'b']);
    expect(await h.module.queries.listActiveExternalIds('ticketmaster', { country: 'France' })).toEqual(['b']);
    expect(await h.module.queries.listActiveExternalIds('fever', { city: 'Madrid' })).toEqual(['c']);
  });

  it('given events around a point, when upcomingNear asks, then it answers the window by popularity then date', async () => {
    await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'near-late', start_utc: '2026-11-27T19:00:00Z' }),
    );
    await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'near-soon', start_utc: '2026-11-23T19:00:00Z' }),
    );
    await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'near-popular', start_utc: '2026-11-28T19:00:00Z' }),
    );
    await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'far', latitude: 48.85, longitude: 2.35, start_utc: '2026-11-24T19:00:00Z' }),
    );
    await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'outside-window', start_utc: '2026-12-20T19:00:00Z' }),
    );
    await h.module.commands.recordView('3');
    await settle();
    const found = await h.module.queries.upcomingNear({
      lat: 40.42,
      lon: -3.7,
      radiusKm: 30,
      from: '2026-11-21T00:00:00Z',
      to: '2026-11-30T00:00:00Z',
      limit: 10,
    });
    expect(found.map((e) => e.external_id)).toEqual(['near-popular', 'near-soon', 'near-late']);
    expect(found[0]?.distance_km).toBeTypeOf('number');
  });

  it('given a known and an unknown city, when asked for coordinates, then the table or the catalogue answers', async () => {
    expect(await h.module.queries.cityCoordinates('madrid', 'Spain')).toEqual({
      latitude: 40.4168,
      longitude: -3.7038,
    });
    await h.module.commands.upsertFromSource(
      makeSourceEvent({ external_id: 'x', city: 'Alcobendas', latitude: 40.54, longitude: -3.64 }),
    );
    await settle();
    expect(await h.module.queries.cityCoordinates('Alcobendas')).toEqual({ latitude: 40.54, longitude: -3.64 });
    expect(await h.module.queries.cityCoordinates('Atlantis')).toBeNull();
  });
});
