/**
 * Ticketmaster runs end to end: the simulator speaks HTTP on 127.0.0.1, the runner writes through the real
 * events module on SQLite, and the projector indexes what was written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, silentLogger } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import { EVENTS_INDEX } from '@evently/events';
import { startFeedSimulator, type FeedSimulator } from '../simulator/feed-simulator.ts';
import {
  createTicketmasterSource,
  type TicketmasterSourceOptions,
} from '../sources/ticketmaster/ticketmaster-source.ts';
import { eventsWriterFrom } from '../events-writer.ts';
import { makeTicketmasterEvent, type Raw } from '../testing/feed-fixtures.ts';
import { startEventsRuntime, type EventsRuntime } from '../testing/events-runtime.ts';
import { createQuarantineRepository } from './quarantine-repository.ts';
import { runSource, type RunOptions } from './run-source.ts';

const API_KEY = 'test-key';
const clock = fixedClock('2026-11-21T00:00:00Z');

let simulator: FeedSimulator;
let runtime: EventsRuntime;

beforeEach(async () => {
  simulator = await startFeedSimulator({ ticketmasterApiKey: API_KEY });
  runtime = await startEventsRuntime({ clock });
});

afterEach(async () => {
  await simulator.close();
  await runtime.close();
});

/** `count` events one hour apart from 2027-01-01, with ids `tm-0`, `tm-1`, ... */
function catalogue(count: number, overrides: (index: number) => Raw = () => ({})): Raw[] {
  return Array.from({ length: count }, (_, index) => {
    const start = new Date(Date.parse('2027-01-01T00:00:00Z') + index * 3_600_000).toISOString().replace('.000', '');
    return makeTicketmasterEvent(
      {
        id: `tm-${index}`,
        dates: { start: { dateTime: start }, timezone: 'America/New_York', status: { code: 'onsale' } },
        ...overrides(index),
      },
      index,
    );
  });
}

function run(options: RunOptions = {}, source: Partial<TicketmasterSourceOptions> = {}) {
  return runSource(
    {
      store: runtime.store,
      events: eventsWriterFrom(runtime.events),
      logger: silentLogger(),
      clock,
      http: { baseDelayMs: 5, maxDelayMs: 20, maxRetries: 3 },
    },
    createTicketmasterSource({
      baseUrl: simulator.ticketmasterBaseUrl,
      apiKey: API_KEY,
      requestsPerSecond: 0,
      ...source,
    }),
    options,
  );
}

async function indexed(): Promise<Array<Record<string, unknown>>> {
  await runtime.drained();
  const result = await runtime.search.search(EVENTS_INDEX, {
    filters: [{ field: 'source', op: 'eq', value: 'ticketmaster' }],
    limit: 10_000,
  });
  return result.hits.map((hit) => hit.source as Record<string, unknown>);
}

describe('Ticketmaster runs', () => {
  it('reads every page of a multi-page scope and makes every event searchable', async () => {
    simulator.setTicketmasterEvents(catalogue(450));
    const result = await run();
    expect(result.status).toBe('completed');
    expect(result.counts).toMatchObject({
      fetched: 450,
      created: 450,
      updated: 0,
      unchanged: 0,
      quarantined: 0,
      failed_requests: 0,
      pages: 3,
    });
    expect((await indexed()).length).toBe(450);
    expect(simulator.requests.map((request) => request.query.get('page'))).toEqual(['0', '1', '2']);
  });

  it('cuts a scope larger than the deep-paging limit into time windows and reads each event once', async () => {
    simulator.setTicketmasterEvents(catalogue(2600));
    const result = await run();
    expect(result.counts).toMatchObject({ fetched: 2600, created: 2600, unchanged: 0 });
    for (const request of simulator.requests) {
      expect(Number(request.query.get('size')) * Number(request.query.get('page'))).toBeLessThan(1000);
      expect(request.query.get('startDateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(new Set(simulator.requests.map((request) => request.query.get('startDateTime'))).size).toBeGreaterThan(3);
    expect((await indexed()).length).toBe(2600);
  });

  it('writes nothing for an unchanged second run and updates only the changed record', async () => {
    simulator.setTicketmasterEvents(catalogue(30));
    await run();
    simulator.setTicketmasterEvents(catalogue(30, (index) => (index === 7 ? { name: 'Renamed show' } : {})));
    const second = await run();
    expect(second.counts).toMatchObject({ fetched: 30, created: 0, updated: 1, unchanged: 29 });
    const renamed = (await indexed()).find((event) => event.external_id === 'tm-7');
    expect(renamed?.name).toBe('Renamed show');
  });

  it('waits out a 429 until Rate-Limit-Reset and then completes', async () => {
    simulator.setTicketmasterEvents(catalogue(250));
    const resetAt = Date.now() + 400;
    simulator.scriptRequest(2, {
      kind: 'status',
      status: 429,
      headers: {
        'rate-limit': '5000',
        'rate-limit-available': '0',
        'rate-limit-over': '1',
        'rate-limit-reset': String(resetAt),
      },
      body: JSON.stringify({ fault: { faultstring: 'Rate limit quota violation. Quota limit  exceeded.' } }),
    });
    const result = await run();
    expect(result.status).toBe('completed');
    expect(result.counts).toMatchObject({ fetched: 250, created: 250, failed_requests: 1 });
    expect(simulator.requests).toHaveLength(3);
    expect(simulator.requests[2]!.at).toBeGreaterThanOrEqual(resetAt);
  });

  it('stops cleanly when a 429 announces a reset further away than it will wait, and resumes later', async () => {
    simulator.setTicketmasterEvents(catalogue(250));
    simulator.scriptRequest(2, {
      kind: 'status',
      status: 429,
      headers: { 'rate-limit-reset': String(Date.now() + 3_600_000) },
    });
    const stopped = await run();
    expect(stopped.status).toBe('failed');
    expect(stopped.scopes[0]?.error).toMatch(/quota exhausted until/);
    const resumed = await run();
    expect(resumed.status).toBe('completed');
    expect(resumed.counts).toMatchObject({ fetched: 250, created: 250 });
  });

  it('retries a 500 and a malformed JSON page with backoff', async () => {
    simulator.setTicketmasterEvents(catalogue(250));
    simulator.scriptRequest(1, { kind: 'status', status: 500 });
    simulator.scriptRequest(3, { kind: 'malformed' });
    const result = await run();
    expect(result.status).toBe('completed');
    expect(result.counts).toMatchObject({ fetched: 250, created: 250, failed_requests: 2 });
  });

  it('stops the run on 401 with the API fault message and writes nothing', async () => {
    simulator.setTicketmasterEvents(catalogue(10));
    const result = await runSource(
      { store: runtime.store, events: eventsWriterFrom(runtime.events), logger: silentLogger(), clock },
      createTicketmasterSource({
        baseUrl: simulator.ticketmasterBaseUrl,
        apiKey: 'wrong',
        requestsPerSecond: 0,
        countries: ['US', 'GB'],
      }),
    );
    expect(result.status).toBe('failed');
    expect(result.scopes).toHaveLength(1);
    expect(result.scopes[0]?.error).toBe('Invalid ApiKey');
    expect(simulator.requests).toHaveLength(1);
    expect(await indexed()).toEqual([]);
  });

  it('keeps records without coordinates or prices, with those fields empty', async () => {
    simulator.setTicketmasterEvents(
      catalogue(2, (index) =>
        index === 0
          ? { priceRanges: undefined }
          : {
              _embedded: { venues: [{ name: 'Somewhere', city: { name: 'Austin' }, country: { countryCode: 'US' } }] },
            },
      ),
    );
    await run();
    const events = await indexed();
    const unpriced = events.find((event) => event.external_id === 'tm-0');
    const unplaced = events.find((event) => event.external_id === 'tm-1');
    expect([unpriced?.min_price, unpriced?.max_price]).toEqual([null, null]);
    expect(unpriced?.latitude).toBeTypeOf('number');
    expect([unplaced?.latitude, unplaced?.longitude, unplaced?.location]).toEqual([null, null, null]);
    expect(unplaced?.city).toBe('Austin');
  });

  it('quarantines an unusable record with its reason and raw record, and keeps going', async () => {
    simulator.setTicketmasterEvents([...catalogue(3), makeTicketmasterEvent({ id: 'nameless', name: ' ' })]);
    const result = await run();
    expect(result.counts).toMatchObject({ fetched: 4, created: 3, quarantined: 1 });
    const [entry, ...others] = await createQuarantineRepository(runtime.store).list('ticketmaster');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ external_id: 'nameless', reason: 'no name', times_seen: 1 });
    expect((entry?.raw as Raw).id).toBe('nameless');
    await run();
    const [again] = await createQuarantineRepository(runtime.store).list('ticketmaster');
    expect(again?.times_seen).toBe(2);
  });

  it('removes an event cancelled at the source (either spelling)', async () => {
    simulator.setTicketmasterEvents(catalogue(3));
    await run();
    simulator.setTicketmasterEvents(
      catalogue(3).map((event, index) =>
        index < 2
          ? { ...event, dates: { ...(event.dates as Raw), status: { code: index === 0 ? 'canceled' : 'cancelled' } } }
          : event,
      ),
    );
    const result = await run();
    expect(result.counts).toMatchObject({ removed: 2, unchanged: 1 });
    expect((await indexed()).map((event) => event.external_id)).toEqual(['tm-2']);
  });

  it('removes what vanished from a completed full sync, and only within the synced scope', async () => {
    simulator.setTicketmasterEvents([
      ...catalogue(5),
      makeTicketmasterEvent({
        id: 'london-1',
        dates: { start: { dateTime: '2027-02-01T20:00:00Z' } },
        _embedded: {
          venues: [
            { name: 'The O2', city: { name: 'London' }, country: { countryCode: 'GB' }, timezone: 'Europe/London' },
          ],
        },
      }),
    ]);
    await run({}, {});
    simulator.setTicketmasterEvents(catalogue(5).filter((event) => event.id !== 'tm-3'));
    const incremental = await run({}, { countries: ['US'] });
    expect(incremental.counts.removed).toBe(0);
    const full = await run({ full: true }, { countries: ['US'] });
    expect(full.status).toBe('completed');
    expect(full.counts).toMatchObject({ fetched: 4, removed: 1 });
    expect((await indexed()).map((event) => event.external_id).sort()).toEqual([
      'london-1',
      'tm-0',
      'tm-1',
      'tm-2',
      'tm-4',
    ]);
  });

  it('resumes a run stopped midway from its checkpoint, with no duplicates and nothing missed', async () => {
    simulator.setTicketmasterEvents(catalogue(1000));
    let release = () => {};
    simulator.scriptRequest(4, { kind: 'hang', release: new Promise<void>((resolve) => (release = resolve)) });
    const controller = new AbortController();
    const stopping = run({ full: true, signal: controller.signal }, { pageSize: 100 });
    await waitFor(() => simulator.requests.length >= 4, 'the fourth page request');
    controller.abort();
    release();
    const first = await stopping;
    expect(first.status).toBe('interrupted');
    expect(first.counts).toMatchObject({ fetched: 300, created: 300, pages: 3 });

    const second = await run({ full: false }, { pageSize: 100 });
    expect(second.status).toBe('completed');
    // The resumed run continues the interrupted full sync: same run, totals over both parts.
    expect(second.scopes[0]?.runId).toBe(first.scopes[0]?.runId);
    expect(second.scopes[0]?.mode).toBe('full');
    expect(second.counts).toMatchObject({ fetched: 1000, created: 1000, unchanged: 0, removed: 0, pages: 10 });
    expect(simulator.requests.slice(4).map((request) => request.query.get('page'))).toEqual([
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect((await indexed()).length).toBe(1000);
  });

  it('refuses a second run of the same scope while the first is still going', async () => {
    simulator.setTicketmasterEvents(catalogue(300));
    let release = () => {};
    simulator.scriptRequest(1, { kind: 'hang', release: new Promise<void>((resolve) => (release = resolve)) });
    const first = run();
    await waitFor(() => simulator.requests.length >= 1, 'the first page request');
    const second = await run();
    expect(second.status).toBe('failed');
    expect(second.scopes[0]?.error).toMatch(/^another run holds ticketmaster all \(process \d+ on /);
    release();
    const finished = await first;
    expect(finished.status).toBe('completed');
    expect(finished.counts).toMatchObject({ fetched: 300, created: 300, failed_requests: 1 });
    expect((await run()).status).toBe('completed');
  });

  it('reads a window too full to split up to the limit and never asks past it', async () => {
    const sameSecond = () => ({ dates: { start: { dateTime: '2027-05-01T20:00:00Z' }, status: { code: 'onsale' } } });
    simulator.setTicketmasterEvents(catalogue(1200, sameSecond));
    const result = await run();
    expect(result.status).toBe('completed');
    expect(result.counts).toMatchObject({ fetched: 1000, created: 1000 });
    expect(
      simulator.requests.every(
        (request) => Number(request.query.get('size')) * Number(request.query.get('page')) < 1000,
      ),
    ).toBe(true);
  });
});
