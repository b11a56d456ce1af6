/**
 * `npm run bench:search` (options: `USAGE` below)
 *
 * Starts the embedded-profile server in a child process, which generates and loads N events and reports the
 * load rate (events per second until searchable). Then runs each query type of the fixed mix over HTTP with
 * the given concurrency for the given seconds, prints p50/p95/p99 and req/s per type and the server's peak
 * memory, and writes everything as JSON under bench/results/. List types ask for card items (`fields=card`) as
 * the home page does; `--whole-events` asks for whole events, as lists did before decision 024. `--only` runs
 * the named query types only. `--url` drives a server that is already running (the real `main.ts api` process
 * with its whole middleware chain: logging, metrics, security headers, compression) instead of starting the
 * bench's own, which serves the events routers on a bare Koa app; `--events` then only sizes the mix (and the
 * ids of `event_json`), and the requests accept Brotli and gzip as browsers do. With `--url` the mix also has
 * the server-rendered home and event pages (`home_page`, `event_page`), compared with `event_json`
 * (`bench/lib/serve-demo.ts` starts such a server). Each type's line gives the server process's CPU per
 * request (all its threads, read from /proc; with `--url` only when `--pid` names the process), and how long
 * its threads waited for a core per request: when that is as large as the CPU, the latency is the host's cores
 * shared with the projector, the writer and the load generator, not the search's own work.
 *
 * `--rate N` asks each type N times a second whatever the answers take (an open loop, as visitors ask;
 * bench/lib/http-open-load.ts) instead of 16 clients each asking again as soon as answered (a closed loop, which
 * finds the most the server answers). Behind a feed the closed loop's latency is mostly the cores the writer
 * takes; the open loop's is what a visitor waits at that traffic. `--concurrency` is then the connections at most.
 *
 * `--writes-per-second N` reads while a feed writes: a writer process (bench/lib/search-bench-writer.ts) adds
 * generated events through the ingestion write path at N a second into the same DATA_DIR, and a projector
 * indexes them; `--bulk` writes at full speed instead, as a full sync or a seed does. Each type's line then
 * gives the write rate achieved while it ran, and the end the freshness: from a write's commit until search
 * returns it (p50/p95/max over the probe events, one in every 20 written, of the pages followed one at a time;
 * bench/lib/freshness-probes.ts). With `--url`, `--data-dir` names the running server's DATA_DIR (its worker
 * projects).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cpus, loadavg, totalmem } from 'node:os';
import { existingDirArg, flagArg, numberArg, stringArg, subsetArg } from './lib/args.ts';
import { runLoad } from './lib/http-load.ts';
import { runOpenLoad } from './lib/http-open-load.ts';
import { CATEGORIES, DEMO_CITIES } from '@evently/events';
import { pageMix, searchMix, searchMixTypes } from './lib/search-mix.ts';
import { processCoreWaitSeconds, processCpuSeconds } from './lib/process-cpu.ts';
import { profileFlags } from './lib/profile-flags.ts';
import { freshnessProbes } from './lib/freshness-probes.ts';
import { runBench, UsageError, type BenchScope } from './lib/run-bench.ts';

const root = path.resolve(import.meta.dirname, '..');
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

type Options = ReturnType<typeof parseOptions>;

function parseOptions(args: string[]) {
  const bulkWrites = flagArg(args, 'bulk');
  const writesPerSecond = args.includes('--writes-per-second') ? numberArg(args, 'writes-per-second', 500) : undefined;
  const givenUrl = stringArg(args, 'url');
  // `--data-dir <DATA_DIR>` serves a catalogue seeded beforehand instead of generating and loading one.
  const dataDir = existingDirArg(args, 'data-dir');
  const writing = bulkWrites || writesPerSecond !== undefined;
  if (writing && givenUrl && !dataDir)
    throw new UsageError("--url with writes needs --data-dir <the server's DATA_DIR>");
  return {
    events: numberArg(args, 'events', 100_000),
    seconds: numberArg(args, 'seconds', 10),
    concurrency: numberArg(args, 'concurrency', 16),
    // numberArg refuses a rate that is not above 0.
    rate: args.includes('--rate') ? numberArg(args, 'rate', 0) : undefined,
    listFields: flagArg(args, 'whole-events') ? undefined : ('card' as const),
    only: subsetArg(args, 'only', [...searchMixTypes(), ...Object.keys(pageMix(1, givenUrl !== undefined))]),
    givenUrl,
    pid: stringArg(args, 'pid'),
    dataDir,
    bulkWrites,
    writesPerSecond,
    writing,
  };
}

const USAGE =
  'npm run bench:search -- --events 1000000 [--seconds 10] [--concurrency 16] [--rate N] [--whole-events] [--only a,b] ' +
  '[--data-dir DIR] [--writes-per-second N | --bulk] [--url http://127.0.0.1:3000 [--pid <its pid>]]';

runBench('bench:search', USAGE, async (scope) => {
  const options = parseOptions(process.argv.slice(2));
  const { events, seconds, concurrency, rate, listFields, only, givenUrl, bulkWrites, writesPerSecond } = options;
  const server = givenUrl ? runningServer(givenUrl, options) : startBenchServer(options, scope);

  console.log(
    `bench:search: ${givenUrl ?? options.dataDir ?? `${events} generated events`}, ` +
      `${rate ? `${rate} requests/s per type asked (open loop, at most ${concurrency} connections)` : `${concurrency} concurrent clients`}, ${seconds} s per query type, ` +
      `list items ${listFields ?? 'whole events'}, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ')}`,
  );
  const loaded = await server.expect('loaded');
  const catalogue = typeof loaded.reused === 'string' ? (loaded.events as number) : events;
  if (typeof loaded.reused === 'string')
    console.log(`load: none, serving the ${catalogue} events already in ${loaded.reused}`);
  else
    console.log(
      `load: ${events} events searchable in ${(loaded.searchable_seconds as number).toFixed(1)} s ` +
        `(written in ${(loaded.write_seconds as number).toFixed(1)} s) = ${Math.round(loaded.events_per_second as number)} events/s`,
    );
  if (typeof loaded.api_cpu_seconds === 'number' && typeof loaded.worker_cpu_seconds === 'number') {
    const perEvent = (seconds: number) => ((seconds / events) * 1e6).toFixed(0);
    console.log(
      `load CPU: api (writes) ${loaded.api_cpu_seconds.toFixed(1)} s = ${perEvent(loaded.api_cpu_seconds)} us/event, ` +
        `worker (projection) ${loaded.worker_cpu_seconds.toFixed(1)} s = ${perEvent(loaded.worker_cpu_seconds)} us/event`,
    );
  }
  const { url, data_dir: servedDir } = (await server.expect('listening')) as { url: string; data_dir?: string };
  const writer = options.writing ? await startWriter(options, url, options.dataDir ?? servedDir ?? '', scope) : null;
  if (writer)
    console.log(
      `writes: ${bulkWrites ? 'bulk, pages of 1,000 back to back' : `${writesPerSecond} events/s`} through the ingestion write path while the queries run`,
    );

  const results: Record<string, unknown> = {};
  const mix = {
    ...searchMix(DEMO_CITIES, catalogue, CATEGORIES, { listFields }),
    ...pageMix(catalogue, givenUrl !== undefined),
  };
  for (const [name, next] of Object.entries(mix)) {
    if (only && !only.has(name)) continue;
    // Browsers accept Brotli; the real server compresses for them (the bench's own server never compresses).
    const request = givenUrl
      ? (i: number) => {
          const r = next(i);
          return { ...r, headers: { 'Accept-Encoding': 'gzip, deflate, br', ...r.headers } };
        }
      : next;
    await runLoad(url, { concurrency, seconds: Math.min(2, seconds), next: request }); // warm-up, not recorded
    const cpuBefore = server.cpuSeconds();
    const waitBefore = server.coreWaitSeconds();
    const writtenBefore = writer?.written() ?? 0;
    const summary = rate
      ? await runOpenLoad(url, { rate, connections: concurrency, seconds, next: request })
      : await runLoad(url, { concurrency, seconds, next: request });
    const cpuAfter = server.cpuSeconds();
    const waitAfter = server.coreWaitSeconds();
    const writeRate = writer ? Math.round((writer.written() - writtenBefore) / summary.seconds) : null;
    // CPU of the whole server process (main thread, reader threads, GC) per answered request, and how long its
    // threads were ready to run but waited for a core (behind a feed, for the projector, the writer, the load
    // generator and each other).
    const perRequestMs = (before: number | null, after: number | null) =>
      before === null || after === null
        ? null
        : Math.round(((after - before) * 1000 * 10) / Math.max(1, summary.requests + summary.errors)) / 10;
    const cpuMs = perRequestMs(cpuBefore, cpuAfter);
    const waitMs = perRequestMs(waitBefore, waitAfter);
    results[name] = {
      ...summary,
      server_cpu_ms_per_request: cpuMs,
      server_core_wait_ms_per_request: waitMs,
      ...(writer ? { writes_per_second: writeRate } : {}),
    };
    console.log(
      `${name.padEnd(24)} p50 ${String(summary.p50_ms).padStart(8)} ms  p95 ${String(summary.p95_ms).padStart(8)} ms  ` +
        `p99 ${String(summary.p99_ms).padStart(8)} ms  ${String(summary.req_per_s).padStart(8)} req/s  ` +
        ('send_lag_p99_ms' in summary ? `(sends late p99 ${summary.send_lag_p99_ms} ms)  ` : '') +
        `${String(summary.body_bytes).padStart(8)} B (${summary.wire_bytes} B sent)  server CPU ${cpuMs ?? '?'} ms/req (waited for a core ${waitMs ?? '?'})  errors ${summary.errors}` +
        (writer ? `  writes ${writeRate}/s` : '') +
        (summary.first_error ? `  (${summary.first_error})` : ''),
    );
  }

  // The goal for server-rendered pages: a p95 at most 1.5 times the event's JSON answer's, in the same run.
  const p95 = (name: string) => (results[name] as { p95_ms?: number } | undefined)?.p95_ms;
  for (const page of ['event_page', 'home_page']) {
    const [pageP95, jsonP95] = [p95(page), p95('event_json')];
    if (pageP95 !== undefined && jsonP95)
      console.log(`${page} p95 / event_json p95 = ${(pageP95 / jsonP95).toFixed(2)} (goal at most 1.5)`);
  }
  const writes = writer ? await writer.stop() : null;
  if (writes) {
    console.log(
      `writes: ${writes.written} events in ${(writes.seconds as number).toFixed(1)} s = ${Math.round(writes.writes_per_second as number)} events/s; ` +
        `freshness (commit until search returns it) p50 ${Math.round(writes.freshness_p50_ms as number)} ms, ` +
        `p95 ${Math.round(writes.freshness_p95_ms as number)} ms, max ${Math.round(writes.freshness_max_ms as number)} ms ` +
        `(${writes.probes_found} of ${writes.probes_followed} probes found in the ${writes.pages_followed} of ${writes.pages_committed} pages followed, ` +
        `one at a time; ${writes.probes_linked} linked as offers of a listed show; ${writes.probe_asks_per_second} probe searches/s)`,
    );
  }
  console.log(
    `load average after the queries: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')}`,
  );
  const stats = await server.stop();
  const benchPeak = process.resourceUsage().maxRSS * 1024;
  const serverMemory = givenUrl
    ? 'not measured (--url)'
    : `peak RSS ${mb(stats.peak_rss as number)} MB (OS max ${mb(stats.max_rss_os as number)} MB)`;
  console.log(`memory: server ${serverMemory}, load generator ${mb(benchPeak)} MB`);

  const report = {
    benchmark: 'search',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_mb: mb(totalmem()), node: process.version },
    engine: 'sqlite (embedded profile)',
    server: givenUrl ? `already running at ${givenUrl}` : 'bench server (events routers on a bare Koa app)',
    events,
    list_items: listFields ?? 'whole events',
    concurrency,
    ...(rate ? { open_loop_rate_per_type: rate } : {}),
    seconds_per_type: seconds,
    load: loaded,
    writes: writes ? { mode: bulkWrites ? 'bulk' : `${writesPerSecond}/s`, ...writes } : null,
    queries: results,
    memory: givenUrl
      ? { load_generator_peak_rss_mb: mb(benchPeak) }
      : {
          server_peak_rss_mb: mb(stats.peak_rss as number),
          server_os_max_rss_mb: mb(stats.max_rss_os as number),
          load_generator_peak_rss_mb: mb(benchPeak),
        },
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `search-${events}-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results written to ${path.relative(root, file)}`);
});

interface Server {
  expect(type: string): Promise<Record<string, unknown>>;
  /** CPU seconds the server process has used so far, or null when its pid is unknown. */
  cpuSeconds(): number | null;
  /** Seconds its threads have waited for a core so far (process-cpu.ts), or null when its pid is unknown. */
  coreWaitSeconds(): number | null;
  /** Its memory figures; the bench's own server is stopped too. */
  stop(): Promise<Record<string, unknown>>;
}

/** The bench's own server (search-bench-server.ts) in a child process, talking in `BENCH {json}` lines. */
function startBenchServer(options: Options, scope: BenchScope): Server {
  const child = spawn(
    process.execPath,
    [
      ...profileFlags(),
      '--import',
      'tsx',
      path.join(root, 'bench/lib/search-bench-server.ts'),
      '--events',
      String(options.events),
      ...(options.dataDir ? ['--data-dir', options.dataDir] : []),
      ...(options.writing ? ['--project'] : []),
    ],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  scope.child('the bench server', child);
  const messages = createInterface({ input: child.stdout });
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  const received = new Map<string, Record<string, unknown>>();
  messages.on('line', (line) => {
    if (!line.startsWith('BENCH ')) return;
    const message = JSON.parse(line.slice(6)) as Record<string, unknown>;
    if (message.type === 'progress') {
      console.log(`load: ${message.written} events written after ${(message.seconds as number).toFixed(1)} s`);
      return;
    }
    received.set(message.type as string, message);
    waiting.get(message.type as string)?.(message);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const expect = (type: string): Promise<Record<string, unknown>> => {
    const already = received.get(type);
    if (already) return Promise.resolve(already);
    return Promise.race([
      new Promise<Record<string, unknown>>((resolve) => waiting.set(type, resolve)),
      exited.then((code) => {
        throw new Error(`bench server exited (${code}) before '${type}'`);
      }),
    ]);
  };
  return {
    expect,
    cpuSeconds: () => processCpuSeconds(child.pid ?? 0),
    coreWaitSeconds: () => processCoreWaitSeconds(child.pid ?? 0),
    async stop() {
      child.stdin.write('stats\n');
      const stats = await expect('stats');
      child.stdin.write('exit\n');
      await exited;
      return stats;
    },
  };
}

/** The feed writer (search-bench-writer.ts) on the served DATA_DIR, once it is ready to write. */
async function startWriter(options: Options, serverUrl: string, dir: string, scope: BenchScope) {
  const { writesPerSecond, bulkWrites } = options;
  const rate = writesPerSecond === undefined ? [] : ['--writes-per-second', String(writesPerSecond)];
  const child = spawn(
    process.execPath,
    [
      ...profileFlags(),
      '--import',
      'tsx',
      path.join(root, 'bench/lib/search-bench-writer.ts'),
      '--data-dir',
      dir,
      ...rate,
      ...(bulkWrites ? ['--bulk'] : []),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  scope.child('the feed writer', child);
  let written = 0;
  const probes = freshnessProbes(serverUrl);
  let ready: () => void = () => {};
  let done: (message: Record<string, unknown>) => void = () => {};
  const readyNow = new Promise<void>((resolve) => (ready = resolve));
  const doneNow = new Promise<Record<string, unknown>>((resolve) => (done = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('BENCH ')) return;
    const message = JSON.parse(line.slice(6)) as Record<string, unknown>;
    if (message.type === 'writer-ready') ready();
    if (message.type === 'written') written = message.written as number;
    if (message.type === 'committed')
      void probes.committed(message.prefix as string, message.probes as number, message.at as number);
    if (message.type === 'writer-done') done(message);
  });
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`writer exited (${code})`))),
  );
  exited.catch(() => {});
  await Promise.race([readyNow, exited]);
  return {
    written: () => written,
    async stop(): Promise<Record<string, unknown>> {
      child.stdin.write('stop\n');
      const done = await Promise.race([doneNow, exited]);
      return { ...done, ...(await probes.stop()) };
    },
  };
}

/** A server started apart (`--url`, optionally `--pid` to read its CPU): nothing to load, nothing to stop. */
function runningServer(url: string, { events, pid }: Options): Server {
  const given: Record<string, Record<string, unknown>> = {
    loaded: { type: 'loaded', events, reused: url },
    listening: { type: 'listening', url },
  };
  return {
    expect: (type) => Promise.resolve(given[type] ?? {}),
    cpuSeconds: () => (pid === undefined ? null : processCpuSeconds(Number(pid))),
    coreWaitSeconds: () => (pid === undefined ? null : processCoreWaitSeconds(Number(pid))),
    stop: () => Promise.resolve({ peak_rss: 0, max_rss_os: 0 }),
  };
}
