import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contracts/categories.ts';
import type { StoredEvent } from '../../contracts/stored-event.ts';
import { EVENTS_COLLECTION, STAYS_COLLECTION } from '../../application/events-collections.ts';
import { createEventsHarness, type EventsHarness } from '../../testing/events-harness.ts';
import { DEMO_SOURCES } from './demo-catalogue.ts';

describe('demo catalogue', () => {
  let h: EventsHarness;
  let events: StoredEvent[];

  beforeAll(async () => {
    h = await createEventsHarness();
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
    expect((await h.module.queries.search({ per_page: '1' })).pagination.total).toBe(events.length);
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
