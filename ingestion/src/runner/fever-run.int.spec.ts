/** Fever partner-feed runs over HTTP on 127.0.0.1 through the real events module on SQLite. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, silentLogger } from '@evently/platform';
import { EVENTS_INDEX } from '@evently/events';
import { eventsWriterFrom } from '../events-writer.ts';
import { startFeedSimulator, type FeedSimulator, type FeedSimulatorOptions } from '../simulator/feed-simulator.ts';
import { createFeverSource } from '../sources/fever/fever-source.ts';
import { makeFeverPlan } from '../testing/feed-fixtures.ts';
import { startEventsRuntime, type EventsRuntime } from '../testing/events-runtime.ts';
import { runSource, type RunOptions } from './run-source.ts';

const clock = fixedClock('2026-11-21T00:00:00Z');
let simulator: FeedSimulator;
let runtime: EventsRuntime;

async function start(options: FeedSimulatorOptions) {
  simulator = await startFeedSimulator(options);
}

beforeEach(async () => {
  runtime = await startEventsRuntime({ clock });
});

afterEach(async () => {
  await simulator.close();
  await runtime.close();
});

function run(options: RunOptions = {}, apiKey?: string) {
  return runSource(
    {
      store: runtime.store,
      events: eventsWriterFrom(runtime.events),
      logger: silentLogger(),
      clock,
      http: { baseDelayMs: 5, maxDelayMs: 20, maxRetries: 3 },
    },
    createFeverSource({ feedUrl: simulator.feverFeedUrl, requestsPerSecond: 0, ...(apiKey ? { apiKey } : {}) }),
    options,
  );
}

async function indexed() {
  await runtime.drained();
  const result = await runtime.search.search(EVENTS_INDEX, {
    filters: [{ field: 'source', op: 'eq', value: 'fever' }],
    limit: 10_000,
  });
  return result.hits.map((hit) => hit.source as Record<string, unknown>);
}

const plans = (count: number) => Array.from({ length: count }, (_, index) => makeFeverPlan({}, index));

describe('Fever runs', () => {
  it.each(['next', 'page-number'] as const)(
    'follows %s paging across pages and sends the bearer token',
    async (paging) => {
      await start({ feverPaging: paging, feverPageSize: 4, feverApiKey: 'partner-secret' });
      simulator.setFeverPlans(plans(10));
      const result = await run({}, 'partner-secret');
      expect(result.status).toBe('completed');
      expect(result.counts).toMatchObject({ fetched: 10, created: 10, pages: 3 });
      expect(simulator.requests.map((request) => request.query.get('page'))).toEqual([null, '2', '3']);
      expect(simulator.requests.every((request) => request.headers.authorization === 'Bearer partner-secret')).toBe(
        true,
      );
      expect((await indexed()).length).toBe(10);
    },
  );

  it('stops on a 401 with the feed message', async () => {
    await start({ feverApiKey: 'partner-secret' });
    simulator.setFeverPlans(plans(2));
    const result = await run({}, 'wrong');
    expect(result.status).toBe('failed');
    expect(result.scopes[0]?.error).toBe('Invalid partner token');
  });

  it('files gift cards under Gift Cards and keeps plans without coordinates or price', async () => {
    await start({});
    simulator.setFeverPlans([
      makeFeverPlan({ id: 'gift', name: 'Fever Gift Card - Madrid', category: 'Gift Cards', is_gift_card: true }),
      makeFeverPlan({
        id: 'bare',
        price: null,
        place: { name: 'Secret location', city: { name: 'Lisbon', country: 'Portugal' } },
      }),
    ]);
    await run();
    const events = await indexed();
    expect(events.find((event) => String(event.external_id).startsWith('gift:'))?.category).toBe('Gift Cards');
    const bare = events.find((event) => String(event.external_id).startsWith('bare:'));
    expect([bare?.latitude, bare?.min_price, bare?.city, bare?.country]).toEqual([null, null, 'Lisbon', 'Portugal']);
  });

  it('removes a session that vanished from a completed full sync', async () => {
    await start({ feverPageSize: 2 });
    const twoSessions = makeFeverPlan({
      id: 'p1',
      sessions: [
        { id: 'a', starts_at: '2027-02-10T20:00:00+01:00', share_url: 'https://feverup.com/m/p1?session=a' },
        { id: 'b', starts_at: '2027-02-11T20:00:00+01:00', share_url: 'https://feverup.com/m/p1?session=b' },
      ],
    });
    simulator.setFeverPlans([twoSessions, ...plans(3)]);
    expect((await run({ full: true })).counts).toMatchObject({ fetched: 4, created: 5 });
    simulator.setFeverPlans([
      { ...twoSessions, sessions: (twoSessions.sessions as unknown[]).slice(0, 1) },
      ...plans(3),
    ]);
    const second = await run({ full: true });
    expect(second.counts).toMatchObject({ fetched: 4, created: 0, unchanged: 4, removed: 1 });
    expect((await indexed()).map((event) => event.external_id)).not.toContain('p1:b');
  });
});
