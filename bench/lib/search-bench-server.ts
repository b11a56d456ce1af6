/**
 * The benchmark's api process: the embedded profile (SQLite store + shared log + SQLite search index) with the
 * events module, loaded with N generated events through `seed` (the same batched upsertFromSource path as
 * ingestion) while a projector worker process indexes them, then served over HTTP on 127.0.0.1. It runs apart
 * from the load generator so the two do not share an event loop. Talks to the parent with `BENCH {json}`
 * lines on stdout; reads commands on stdin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serveRouters } from '@evently/testkit';
import { numberArg } from './args.ts';
import { openEmbeddedStack } from './embedded-stack.ts';
import { processCpuSeconds } from './process-cpu.ts';
import { profileFlags } from './profile-flags.ts';

const say = (message: Record<string, unknown>) => process.stdout.write(`BENCH ${JSON.stringify(message)}\n`);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);
sampler.unref();

const count = numberArg(process.argv, 'events', 100_000);
// `--project`: a seeded DATA_DIR gets a projector worker too, for a bench that writes while it reads.
const project = process.argv.includes('--project');
// `--data-dir` serves a catalogue seeded beforehand (`npm run seed -- --events N`) instead of loading one.
const givenDir = process.argv.includes('--data-dir') ? process.argv[process.argv.indexOf('--data-dir') + 1] : undefined;
const dataDir = givenDir ? path.resolve(givenDir) : await mkdtemp(path.join(tmpdir(), 'evently-bench-'));
let worker: ChildProcess | null = null;
// Ended by the bench (a failure, or it was stopped) before `exit`: the projector worker goes too, and a DATA_DIR
// made here is removed, so nothing of the run is left behind.
process.once('SIGTERM', () => void endNow());
// The bench went away without ending this process (its pipe closed): end too.
process.stdout.on('error', () => void endNow());
const { bus, search, events, close } = await openEmbeddedStack(dataDir, { serving: true });
await events.init?.();
if (!givenDir || project) await startWorker();
if (givenDir) await serveOnly();

/** The projector worker process, once it consumes the log. */
async function startWorker(): Promise<void> {
  const child = spawn(
    process.execPath,
    [...profileFlags(), '--import', 'tsx', path.join(import.meta.dirname, 'search-bench-worker.ts'), dataDir],
    {
      // Its stdin is held open by this process only: the worker stops when this process is gone, however it ended.
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  worker = child;
  await once(createInterface({ input: child.stdout }), 'line');
}

/** Stops the projector worker; one that has not finished stopping after `graceMs` is killed. */
async function stopWorker(graceMs = Infinity): Promise<void> {
  if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = once(worker, 'exit');
  worker.kill('SIGTERM');
  const late = Number.isFinite(graceMs) ? setTimeout(() => worker?.kill('SIGKILL'), graceMs) : undefined;
  await exited;
  clearTimeout(late);
}

async function endNow(): Promise<never> {
  // The bench gives its children a few seconds: a worker still applying a batch is not waited for.
  await stopWorker(3_000);
  if (!givenDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(1);
}

/** Messages of the search projector's topics it has not applied yet (the module's other topics are not its). */
const projectorTopics = events.projectors.find((projector) => projector.name === 'events-search')!.topics;
const pending = async () =>
  Object.values(await bus.lag('projector.events-search', projectorTopics)).reduce((a, b) => a + b, 0);

/**
 * Searchable means the projector has applied every message written (the worker projects while we write). Not
 * a count of the index: an event the offer matcher links to another's show is a seller of that event, not a
 * document of its own, so the index may hold fewer documents than events were written.
 */
async function waitUntilSearchable(): Promise<void> {
  while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
}

const loadStarted = performance.now();
const apiCpuBefore = processCpuSeconds(process.pid) ?? 0;
const workerCpuSeconds = () => processCpuSeconds(worker?.pid ?? 0) ?? 0;
const workerCpuBefore = workerCpuSeconds();
let lastReport = 0;
await events.seed(count, (done) => {
  if (done - lastReport >= 50_000 || done === count) {
    lastReport = done;
    say({ type: 'progress', written: done, seconds: (performance.now() - loadStarted) / 1000 });
  }
});
const writtenAt = performance.now();
await waitUntilSearchable();
const searchableAt = performance.now();
say({
  type: 'loaded',
  events: count,
  write_seconds: (writtenAt - loadStarted) / 1000,
  searchable_seconds: (searchableAt - loadStarted) / 1000,
  events_per_second: count / ((searchableAt - loadStarted) / 1000),
  rss_after_load: process.memoryUsage().rss,
  // CPU actually spent on the load, so contention from other processes can be told apart from cost.
  api_cpu_seconds: (processCpuSeconds(process.pid) ?? 0) - apiCpuBefore,
  worker_cpu_seconds: workerCpuSeconds() - workerCpuBefore,
});

// Some activity, so popularity has an order to sort by (views go through the bus like real ones).
for (let i = 0; i < 2000; i++) await events.commands.recordView(String(1 + Math.floor(Math.random() * count)));
await waitUntilSearchable();

await serve();

/** A seeded DATA_DIR: report it as loaded, serve, and leave its files in place. */
async function serveOnly(): Promise<never> {
  const total = await search.count('events', {});
  say({
    type: 'loaded',
    events: total,
    write_seconds: 0,
    searchable_seconds: 0,
    events_per_second: 0,
    rss_after_load: process.memoryUsage().rss,
    reused: dataDir,
  });
  await serve(false);
  process.exit(0);
}

async function serve(removeDataDir = true): Promise<void> {
  const served = await serveRouters(events.routers);
  say({ type: 'listening', url: served.url, data_dir: dataDir });

  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'stats') {
      say({
        type: 'stats',
        peak_rss: Math.max(peakRss, process.memoryUsage().rss),
        max_rss_os: process.resourceUsage().maxRSS * 1024,
      });
    }
    if (line === 'exit') break;
  }
  await served.close();
  await stopWorker();
  await close();
  if (removeDataDir) await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
