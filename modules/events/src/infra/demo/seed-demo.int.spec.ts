import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contracts/categories.ts';
import type { PublicEvent } from '../../contracts/public-event.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { EVENTS_COLLECTION, STAYS_COLLECTION } from '../collections.ts';
import { createEventsHarness, type EventsHarness } from '../../testing/events-harness.ts';
import { DEMO_SOURCES } from './demo-catalogue.ts';

describe('demo catalogue', () => {
  let h: EventsHarness;
  let events: StoredEvent[];

  beforeAll(async () => {
    // Offer matching is on as in the server (eventsOptionsFromEnv), so further sellers link into their show.
    h = await createEventsHarness({ options: { linkOffers: true } });
    await h.module.seedDemoIfEmpty();
    await h.settle();
    events = await h.store.find<StoredEvent>(EVENTS_COLLECTION, {});
  });
  afterAll(async () => {
    await h?.close();
  });

  it('loads at least 2,000 upcoming events over 60+ real cities in 20+ countries', async () => {
    expect(events.length).toBeGreaterThanOrEqual(2000);
    const now = h.clock.now().toISOString();
    expect(events.every((e) => e.start_utc > now)).toBe(true);
    expect(new Set(events.map((e) => `${e.country}|${e.city}`)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(events.map((e) => e.country)).size).toBeGreaterThanOrEqual(20);
    // Records of one show from further sellers are its offers, not listings of their own.
    const listed = events.filter((e) => !e.canonical_id);
    expect((await h.module.queries.search({ per_page: '1' })).pagination.total).toBe(listed.length);
  });

  it('sells some shows through two or three sellers at different prices, linked into one event each', () => {
    const groups = events.filter((e) => !e.canonical_id && (e.offers?.length ?? 0) > 1);
    const bySize = (size: number) => groups.filter((e) => e.offers?.length === size);
    expect(bySize(2).length).toBeGreaterThanOrEqual(100);
    expect(bySize(3).length).toBeGreaterThanOrEqual(40);
    for (const group of groups) {
      const offers = group.offers ?? [];
      expect(new Set(offers.map((offer) => offer.source)).size).toBe(offers.length);
      expect(new Set(offers.map((offer) => offer.price_usd_min)).size, group.name).toBeGreaterThan(1);
    }
    // Some third sellers quote a show abroad in US dollars beside a seller's local currency.
    expect(bySize(3).some((e) => new Set(e.offers?.map((offer) => offer.currency)).size > 1)).toBe(true);
  });

  it('shows sellers on the first page a visitor opens, with a "from" price in USD', async () => {
    const firstPage = (await h.module.queries.search({ per_page: '100', sort_by: 'date', sort_order: 'asc' }))
      .data as PublicEvent[];
    const sellers = firstPage.map((event) => event.offer_count);
    expect(sellers.filter((count) => count >= 2).length).toBeGreaterThanOrEqual(3);
    expect(sellers).toContain(3);
    expect(
      firstPage.filter((event) => event.offer_count >= 2).every((event) => typeof event.price_from_usd === 'number'),
    ).toBe(true);
  });

  it('covers every category and source, free to premium prices, some without price or coordinates', () => {
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(CATEGORIES));
    for (const source of DEMO_SOURCES) expect(events.some((e) => e.source === source)).toBe(true);
    expect(events.some((e) => e.min_price === 0 && e.max_price === 0)).toBe(true);
    expect(events.some((e) => e.min_price === null && e.max_price === null)).toBe(true);
    expect(events.some((e) => e.latitude === null)).toBe(true);
    expect(events.some((e) => (e.max_price ?? 0) > 500 && e.currency === 'USD')).toBe(true);
  });

  it('loads the stays feed, and a second call adds nothing', async () => {
    expect(await h.store.count(STAYS_COLLECTION)).toBeGreaterThan(500);
    expect(await h.module.seedDemoIfEmpty()).toBe(0);
  });

  it('seed(N) adds N more events with new external ids', async () => {
    expect(await h.module.seed(50)).toBe(50);
    expect(await h.store.count(EVENTS_COLLECTION)).toBe(events.length + 50);
  });
});
