/** The scheduler runs every configured source at start and on its interval, full sync only when one is due. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import { eventsWriterFrom } from './events-writer.ts';
import type { SourceRunResult } from './runner/run-source.ts';
import { createIngestionScheduler } from './scheduler.ts';
import { startFeedSimulator, type FeedSimulator } from './simulator/feed-simulator.ts';
import { createFeverSource } from './sources/fever/fever-source.ts';
import { createTicketmasterSource } from './sources/ticketmaster/ticketmaster-source.ts';
import { makeFeverPlan, makeTicketmasterEvent } from './testing/feed-fixtures.ts';
import { startEventsRuntime, type EventsRuntime } from './testing/events-runtime.ts';

let simulator: FeedSimulator;
let runtime: EventsRuntime;

beforeEach(async () => {
  simulator = await startFeedSimulator({ ticketmasterApiKey: 'k' });
  runtime = await startEventsRuntime();
  simulator.setTicketmasterEvents([
    makeTicketmasterEvent({ id: 'a', dates: { start: { dateTime: new Date(Date.now() + 86_400_000).toISOString() } } }),
  ]);
  simulator.setFeverPlans([makeFeverPlan()]);
});

afterEach(async () => {
  await simulator.close();
  await runtime.close();
});

async function runOnce(fullSyncEveryMs: number): Promise<SourceRunResult[]> {
  const results: SourceRunResult[] = [];
  const scheduler = createIngestionScheduler({
    deps: { store: runtime.store, events: eventsWriterFrom(runtime.events), logger: silentLogger() },
    sources: [
      {
        source: createTicketmasterSource({ baseUrl: simulator.ticketmasterBaseUrl, apiKey: 'k', requestsPerSecond: 0 }),
        intervalMs: 3_600_000,
      },
      { source: createFeverSource({ feedUrl: simulator.feverFeedUrl, requestsPerSecond: 0 }), intervalMs: 3_600_000 },
    ],
    fullSyncEveryMs,
    onRun: (result) => results.push(result),
  });
  scheduler.start();
  await waitFor(() => results.length >= 2, 'a run of each source', 30_000);
  await scheduler.stop();
  return results.sort((a, b) => a.source.localeCompare(b.source));
}

describe('ingestion scheduler', () => {
  it('runs each source at start, as a full sync until one has completed recently', async () => {
    const first = await runOnce(86_400_000);
    expect(
      first.map((result) => [result.source, result.status, result.scopes[0]?.mode, result.counts.created]),
    ).toEqual([
      ['fever', 'completed', 'full', 1],
      ['ticketmaster', 'completed', 'full', 1],
    ]);
    const second = await runOnce(86_400_000);
    expect(second.map((result) => [result.scopes[0]?.mode, result.counts.unchanged])).toEqual([
      ['incremental', 1],
      ['incremental', 1],
    ]);
  });
});
