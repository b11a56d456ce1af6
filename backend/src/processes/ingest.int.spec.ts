/**
 * `npm run ingest` (the backend's `ingest` role) in a child process: SIGKILLed while it waits for a page, then run again. The second run
 * resumes from the checkpoint and the catalogue ends with every event exactly once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@evently/platform';
import { waitFor } from '@evently/platform/testing';
import { EVENTS_INDEX } from '@evently/events';
import { generateTicketmasterEvents, startFeedSimulator, type FeedSimulator } from '@evently/ingestion';
import { backendProcesses } from '../testing/backend-processes.ts';
import { openBackendRuntime } from './ingest-runtime.ts';

const backends = backendProcesses({ prefix: 'evently-ingest-cli-' });
let simulator: FeedSimulator;
let dataDir: string;

beforeEach(async () => {
  simulator = await startFeedSimulator({ ticketmasterApiKey: 'cli-key' });
  dataDir = backends.dataDir();
});

afterEach(async () => {
  await simulator.close();
});

function startCli(args: string[]) {
  return backends.spawn(['ingest', ...args], {
    DATA_DIR: dataDir,
    TICKETMASTER_API_URL: simulator.ticketmasterBaseUrl,
    TICKETMASTER_API_KEY: 'cli-key',
    TICKETMASTER_REQUESTS_PER_SECOND: '0',
    LOG_LEVEL: 'error',
  });
}

/** What the CLI printed, its progress and summary lines and any errors. */
const output = (cli: { lines: string[]; stderr(): string }) => `${cli.lines.join('\n')}\n${cli.stderr()}`;

/** Pages the stored Ticketmaster checkpoint counts, read from the store's file as the CLI leaves it. */
function checkpointedPages(): number {
  const file = path.join(dataDir, 'evently.db');
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT json_extract(body, '$.counts.pages') AS pages FROM doc_ingestion_checkpoints WHERE id LIKE 'ticketmaster:%'`,
      )
      .get() as { pages: number | null } | undefined;
    return row?.pages ?? 0;
  } catch {
    return 0; // the table is created by the CLI's first start
  } finally {
    db.close();
  }
}

describe('npm run ingest', () => {
  it('resumes a run killed midway with exact totals, and prints the summary', async () => {
    const events = generateTicketmasterEvents({
      count: 1000,
      from: new Date(Date.now() + 86_400_000),
      spanDays: 300,
      seed: 3,
    });
    simulator.setTicketmasterEvents(events);
    let release = () => {};
    simulator.scriptRequest(4, { kind: 'hang', release: new Promise<void>((resolve) => (release = resolve)) });

    const killed = startCli(['--source', 'ticketmaster', '--full']);
    await waitFor(() => simulator.requests.length >= 4, 'the fourth page request', 60_000);
    // The page read ahead of the hung request is written and checkpointed in the meantime: the kill comes after
    // that checkpoint, so the resumed run starts exactly at the hung page.
    await waitFor(() => checkpointedPages() >= 3, 'the third page checkpointed', 60_000);
    expect(await killed.kill('SIGKILL')).toBe('SIGKILL');
    release();

    const resumed = startCli(['--source', 'ticketmaster', '--full']);
    const code = await resumed.exited;
    expect(output(resumed)).toContain('Ingestion summary: ticketmaster (completed)');
    expect(code).toBe(0);
    expect(output(resumed)).toContain('all [full, resumed] completed');
    expect(output(resumed)).toMatch(
      /total: fetched 1000, created 1000, updated 0, unchanged 0, removed 0, quarantined 0/,
    );
    // Only the pages after the last checkpoint were asked again.
    expect(simulator.requests.slice(4).map((request) => request.query.get('page'))).toEqual(['3', '4']);

    const runtime = await openBackendRuntime({
      env: { DATA_DIR: dataDir, DEMO_DATA: 'false' },
      logger: silentLogger(),
    });
    try {
      await runtime.drained();
      expect((await runtime.composition.events.queries.listActiveExternalIds('ticketmaster')).length).toBe(1000);
      expect(await runtime.composition.search.count(EVENTS_INDEX, {})).toBe(1000);
    } finally {
      await runtime.close();
    }
    // Three process starts and a 1000-event projection: well under a minute alone, but CI runs files in parallel.
  }, 180_000);

  it('explains a missing key and exits 2', async () => {
    const cli = backends.spawn(['ingest', '--source', 'ticketmaster'], { DATA_DIR: dataDir, TICKETMASTER_API_KEY: '' });
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain('TICKETMASTER_API_KEY is not set.');
  });
});
