import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublicEvent } from '../../../contracts/public-event.ts';
import type { StoredEvent } from '../../../contracts/stored-event.ts';
import { createEventsHarness, type EventsHarness } from '../../../testing/events-harness.ts';
import { makeSourceEvent } from '../../../testing/make-event.ts';
import { EVENTS_COLLECTION } from '../../../infra/collections.ts';
import { EVENTS_INDEX, type EventIndexDocument } from '../../projections/events-index.ts';

// One show as Ticketmaster (EUR 20-45) and as Fever (EUR 15-30, other spelling, 10 minutes later, 60 m away).
const ticketmaster = makeSourceEvent({
  external_id: 'tm-1',
  name: 'Jazz Night Madrid',
  image_url: 'https://img.example/tm.jpg',
});
const fever = makeSourceEvent({
  source: 'fever',
  external_id: 'fv-1:s1',
  name: 'JAZZ NIGHT MADRID - Tickets',
  description: 'Live jazz in the old town, with the Blue Hall quartet and guests, two sets.',
  start_utc: '2026-12-05T19:10:00.000Z',
  latitude: 40.4173,
  min_price: 15,
  max_price: 30,
  purchase_url: 'https://feverup.com/m/1',
});

describe('linking offers (issue 16)', () => {
  let h: EventsHarness;
  let url: string;

  beforeEach(async () => {
    h = await createEventsHarness({ options: { linkOffers: true } });
    url = await h.serve();
  });
  afterEach(async () => {
    await h.close();
  });

  const stored = (id: string) => h.store.get<StoredEvent>(EVENTS_COLLECTION, id);
  const indexedIds = async () =>
    (await h.search.search<EventIndexDocument>(EVENTS_INDEX, { filters: [], limit: 100 })).hits
      .map((hit) => hit.id)
      .sort();

  it('given two sellers of one show, when both are ingested, then one event lists both offers cheapest first', async () => {
    expect(await h.module.commands.upsertFromSource(ticketmaster)).toEqual({ outcome: 'created', id: '1' });
    expect(await h.module.commands.upsertFromSource(fever)).toEqual({ outcome: 'created', id: '2', linked_to: '1' });
    await h.settle();

    expect(await indexedIds()).toEqual(['1']);
    const doc = (await h.search.get(EVENTS_INDEX, '1')) as EventIndexDocument;
    // Cheapest offer's EUR 15 in USD; the top of the range is Ticketmaster's EUR 45.
    expect(doc).toMatchObject({
      price_usd_min: 16.2,
      price_usd_max: 48.6,
      description: fever.description,
      image_url: 'https://img.example/tm.jpg',
    });

    const answer = (await (await fetch(`${url}/api/events/1`)).json()) as PublicEvent;
    expect(answer.offers.map((offer) => [offer.seller, offer.price_text])).toEqual([
      ['Fever', 'EUR 15 - 30'],
      ['Ticketmaster', 'EUR 20 - 45'],
    ]);
    expect(answer).toMatchObject({ offer_count: 2, price_from_usd: 16.2, min_price: 15, source: 'ticketmaster' });
  });

  it('given a linked record, when its id is asked for, then the API answers 301 to the canonical event', async () => {
    await h.module.commands.upsertManyFromSource([ticketmaster, fever]);
    const response = await fetch(`${url}/api/events/2/similar?limit=3`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/events/1-jazz-night-madrid/similar?limit=3');
  });

  it('given the same venue by name only, or by coordinates only, then the matcher finds the other record', async () => {
    await h.module.commands.upsertFromSource(ticketmaster);
    const byName = await h.module.commands.upsertFromSource({ ...fever, latitude: null, longitude: null });
    const byPoint = await h.module.commands.upsertFromSource({
      ...fever,
      external_id: 'fv-1:s3',
      venue_name: 'Sala Azul (Old Town)',
    });
    expect([byName.linked_to, byPoint.linked_to]).toEqual(['1', '1']);
  });

  it('given a record stored before the match keys existed, then a new seller of the show is still linked to it', async () => {
    await h.module.commands.upsertFromSource(ticketmaster);
    const before = (await stored('1'))!;
    await h.store.transaction((tx) =>
      tx.update(EVENTS_COLLECTION, '1', before.version, { match_venue: undefined, match_cell: undefined }),
    );
    expect(await stored('1')).not.toHaveProperty('match_venue');
    expect(await h.module.commands.upsertFromSource(fever)).toEqual({ outcome: 'created', id: '2', linked_to: '1' });
  });

  it('given the later show of the same act, then it stays its own event', async () => {
    await h.module.commands.upsertFromSource(ticketmaster);
    const late = await h.module.commands.upsertFromSource({
      ...fever,
      external_id: 'fv-1:s2',
      start_utc: '2026-12-05T22:00:00.000Z',
    });
    expect(late).toEqual({ outcome: 'created', id: '2' });
    await h.settle();
    expect(await indexedIds()).toEqual(['1', '2']);
  });

  it('given an admin split, then the record lists on its own and is not linked back by the next run or a replay', async () => {
    await h.module.commands.upsertManyFromSource([ticketmaster, fever]);
    const split = await fetch(`${url}/api/admin/events/2/split`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"reason":"two rooms"}',
    });
    expect(await split.json()).toEqual({ event_id: 2, remaining_canonical_id: 1 });
    // The feed sends the record again, changed: the matcher would link it, the remembered split does not.
    const again = await h.module.commands.upsertFromSource({ ...fever, name: 'Jazz Night Madrid', min_price: 16 });
    expect(again).toEqual({ outcome: 'updated', id: '2' });
    await h.settle();
    expect(await indexedIds()).toEqual(['1', '2']);
    expect((await stored('1'))?.offers ?? null).toBeNull();

    await h.runner.rebuild();
    await h.settle();
    expect(await indexedIds()).toEqual(['1', '2']);
    expect((await fetch(`${url}/api/events/2`, { redirect: 'manual' })).status).toBe(200);
  });

  it('given the canonical record is cancelled, then the other offer takes over and the old id redirects to it', async () => {
    await h.module.commands.upsertManyFromSource([
      ticketmaster,
      fever,
      { ...fever, source: 'seatgeek', external_id: 'sg-1', min_price: 50, max_price: 90 },
    ]);
    await h.module.commands.removeFromSource('ticketmaster', 'tm-1', 'cancelled at source');
    await h.settle();
    expect(await indexedIds()).toEqual(['2']);
    expect((await stored('2'))?.offers?.map((offer) => offer.source)).toEqual(['fever', 'seatgeek']);
    const response = await fetch(`${url}/api/events/1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(/^\/api\/events\/2-/);
  });

  it('given two on-sale dates, then the canonical record carries the earliest, and a later change moves it', async () => {
    await h.module.commands.upsertManyFromSource([
      { ...ticketmaster, on_sale_utc: '2026-10-01T15:00:00Z' },
      { ...fever, on_sale_utc: '2026-09-20T08:00:00+02:00' },
    ]);
    expect((await stored('2'))?.on_sale_utc).toBe('2026-09-20T06:00:00.000Z');
    expect((await stored('1'))?.merged?.on_sale_utc).toBe('2026-09-20T06:00:00.000Z');
    // Fever withdraws its date: the group falls back to Ticketmaster's.
    await h.module.commands.upsertFromSource({ ...fever, on_sale_utc: null });
    expect((await stored('1'))?.merged?.on_sale_utc).toBe('2026-10-01T15:00:00.000Z');
  });

  // 'a price filter finds the cheaper offer' runs on every engine: testing/event-query-cases.ts.
});
