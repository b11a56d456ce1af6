/**
 * `npm run bench:ingest` (options: `USAGE` below)
 *
 * A feed simulator in a child process serves N generated events in Ticketmaster Discovery format (time
 * windows and the deep-paging limit included). This process runs the real ingestion runner over HTTP into the
 * backend's own composition on the embedded profile (SQLite store + outbox log + FTS5/R*Tree search).
 * `split` (default) projects in a real `worker` process on the same DATA_DIR, as the process roles are
 * deployed; `single` runs the relay and projectors in this process, as `npm run ingest` does.
 *
 * Reports events per second from the first request until every event is searchable, and the projection lag of
 * every event (its write's `occurred_at` -> the projector having applied it) p50/p99. The API's 5 requests per
 * second are lifted: this measures our pipeline, not Ticketmaster's quota (at 5 req/s x 200 events a live run is
 * capped near 1,000 events/s by the API itself). Writes the figures to bench/results/ingest-<topology>.json.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compose, loadConfig } from '@evently/backend';
import { createProjectorRunner, silentLogger, type Projector, type ProjectorRunner } from '@evently/platform';
import { EVENTS_INDEX } from '@evently/events';
import { runBench, UsageError, type BenchScope } from './lib/run-bench.ts';
import {
  createTicketmasterSource,
  eventsWriterFrom,
  generateTicketmasterEvents,
  runSource,
  startFeedSimulator,
} from '@evently/ingestion';

const API_KEY = 'bench';

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        events: { type: 'string', default: '100000' },
        'page-size': { type: 'string', default: '200' },
        'serve-simulator': { type: 'boolean', default: false },
        /** `split` (default): a `worker` process projects while this process ingests, as the process roles deploy it. */
        topology: { type: 'string', default: 'split' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const total = Number(values.events);
  const pageSize = Number(values['page-size']);
  if (!Number.isInteger(total) || total <= 0) throw new UsageError('--events must be a positive whole number');
  if (!Number.isInteger(pageSize) || pageSize <= 0) throw new UsageError('--page-size must be a positive whole number');
  const topology = values.topology;
  if (topology !== 'split' && topology !== 'single') throw new UsageError('--topology must be split or single');
  return { total, pageSize, topology, serveSimulator: values['serve-simulator'] } as const;
}
type Options = ReturnType<typeof readOptions>;

/** Child mode: generate the feed, serve it, print the base URL, serve until stdin closes. */
async function serveSimulator(scope: BenchScope, { total }: Options): Promise<void> {
  const simulator = scope.closing('the feed simulator', await startFeedSimulator({ ticketmasterApiKey: API_KEY }));
  simulator.setTicketmasterEvents(
    generateTicketmasterEvents({ count: total, from: new Date(Date.now() + 86_400_000), spanDays: 360, seed: 42 }),
  );
  process.stdout.write(`${simulator.ticketmasterBaseUrl}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on('end', resolve));
  process.stdout.write(`requests ${simulator.requests.length}\n`);
  await simulator.close();
}

/** `tsx backend/src/main.ts worker` on the same DATA_DIR; resolves once it logs that its projectors run. */
async function startWorkerProcess(scope: BenchScope, dataDir: string): Promise<{ stop(): Promise<void> }> {
  const main = fileURLToPath(new URL('../backend/src/main.ts', import.meta.url));
  const child = scope.child(
    'the worker process',
    spawn(process.execPath, ['--import', 'tsx', main, 'worker'], {
      env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info', PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  let started = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.includes('worker started')) {
      started = true;
      break;
    }
  }
  if (!started) throw new Error('the worker process ended before it started');
  child.stdout.resume();
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function bench(scope: BenchScope, { total, pageSize, topology }: Options): Promise<void> {
  console.log(`starting a feed simulator with ${total} Ticketmaster events...`);
  const child = scope.child(
    'the feed simulator process',
    spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-simulator', '--events', String(total)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    ),
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const baseUrl = (await lines.next()).value as string | undefined;
  if (!baseUrl) throw new Error('the feed simulator process ended before it served');

  const dataDir = await mkdtemp(join(tmpdir(), 'evently-bench-ingest-'));
  scope.onClose('the temporary DATA_DIR', () => rm(dataDir, { recursive: true, force: true }));
  const lags: number[] = [];
  const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' };
  const composition = scope.closing(
    'the composition',
    await compose({ config: loadConfig(env), logger: silentLogger(), role: 'bench', env }),
  );
  let projectors: ProjectorRunner | null = null;
  let worker: { stop(): Promise<void> } | null = null;
  if (topology === 'single') {
    // The worker's projectors in this process, each wrapped to note when it applied a message (same groups).
    const observed = composition.modules
      .flatMap((module) => module.projectors)
      .map((projector): Projector => ({
        ...projector,
        async apply(batch) {
          await projector.apply(batch);
          const now = Date.now();
          for (const message of batch) lags.push(now - Date.parse(message.metadata.occurred_at));
        },
      }));
    const runner = createProjectorRunner({ bus: composition.bus, projectors: observed, logger: silentLogger() });
    projectors = runner;
    composition.relay.start();
    scope.onClose('the outbox relay', () => composition.relay.stop());
    scope.onClose('the projector runner', () => runner.stop());
    await runner.start();
  } else {
    worker = await startWorkerProcess(scope, dataDir);
  }

  // Split topology: the projector is in another process, so lag is observed from here: each page's commit
  // time against the moment the search index holds at least as many events (polled every 50 ms).
  const pending: Array<{ written: number; at: number }> = [];
  let stopPolling = false;
  scope.onClose('the search poller', () => (stopPolling = true));
  const poller = (async () => {
    while (topology === 'split' && !stopPolling) {
      const indexed = await composition.search.count(EVENTS_INDEX, {});
      const now = Date.now();
      while (pending.length > 0 && (pending[0]?.written ?? Infinity) <= indexed)
        lags.push(now - (pending.shift()?.at ?? now));
      if (indexed >= total && pending.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const load = loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await runSource(
    { store: composition.store, events: eventsWriterFrom(composition.events), logger: silentLogger() },
    createTicketmasterSource({ baseUrl, apiKey: API_KEY, requestsPerSecond: 0, pageSize }),
    {
      onProgress: (progress) => {
        if (topology === 'split')
          pending.push({
            written: progress.counts.created + progress.counts.updated + progress.counts.unchanged,
            at: Date.now(),
          });
      },
    },
  );
  const writtenAt = performance.now();
  if (projectors) {
    await composition.relay.flush();
    await projectors.drained();
  }
  await poller;
  const searchableAt = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const searchable = await composition.search.count(EVENTS_INDEX, {});

  child.stdin.end();
  const requests = Number(((await lines.next()).value as string | undefined)?.split(' ')[1] ?? NaN);
  await new Promise((resolve) => child.on('exit', resolve));

  const seconds = (searchableAt - started) / 1000;
  const sorted = lags.sort((a, b) => a - b);
  const figures = {
    events: total,
    topology,
    page_size: pageSize,
    requests,
    status: result.status,
    counts: result.counts,
    fetch_and_write_seconds: Number(((writtenAt - started) / 1000).toFixed(2)),
    until_searchable_seconds: Number(seconds.toFixed(2)),
    events_per_second: Math.round(total / seconds),
    // The machine is shared: CPU time is steadier than wall time under other load (this process only: in the
    // split topology the worker's projection CPU is not included).
    cpu_seconds: Number(cpuSeconds.toFixed(2)),
    events_per_cpu_second: Math.round(total / cpuSeconds),
    projection_lag_ms: {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
      samples: sorted.length,
    },
    searchable,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    machine: { cpus: cpus().length, load_average_at_start: Number(load.toFixed(2)) },
    node: process.version,
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(figures, null, 2));
  console.log(
    `${total} events: ${figures.events_per_second} events/s until searchable (${figures.until_searchable_seconds} s, ${requests} requests, ` +
      `${figures.events_per_cpu_second} events per CPU second); ` +
      `projection lag p50 ${figures.projection_lag_ms.p50} ms, p99 ${figures.projection_lag_ms.p99} ms`,
  );
  const resultsDir = join(import.meta.dirname, 'results');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, `ingest-${topology}.json`), `${JSON.stringify(figures, null, 2)}\n`);

  await worker?.stop();
  if (searchable !== total || result.status !== 'completed') process.exitCode = 1;
}

// `--serve-simulator` is how the bench starts its own feed simulator child, not an option to give.
const USAGE = 'npm run bench:ingest -- --events 100000 [--page-size 200] [--topology split|single] [--serve-simulator]';

runBench('bench:ingest', USAGE, (scope) => {
  const options = readOptions();
  return options.serveSimulator ? serveSimulator(scope, options) : bench(scope, options);
});
