/**
 * `npm run bench:search:inprocess` (options: `USAGE` below)
 *
 * One caller, in the process, against an existing DATA_DIR (built once with `npm run seed -- --events N`):
 * each query type of the search mix runs `--requests` times through the events module's own queries (no
 * HTTP, search in the calling thread), then filter options with every cache cold (a fresh module and search
 * connection per call). Prints p50/p95 per type, also apart for each question's first ask and its repeats (the
 * first pays for what the repeats find cached), and the load average before and after, so runs on the shared
 * machine can be compared. Reads only; the data directory is left as it was. List types ask for card items as
 * the home page does (decision 024); `--whole-events` asks for whole events, as lists did before.
 */
import { loadavg } from 'node:os';
import { CATEGORIES, DEMO_CITIES } from '@evently/events';
import { existingDirArg, flagArg, numberArg, subsetArg } from './lib/args.ts';
import { openEmbeddedStack } from './lib/embedded-stack.ts';
import { summarise } from './lib/latency.ts';
import { runBench, UsageError } from './lib/run-bench.ts';
import { searchMix, searchMixTypes } from './lib/search-mix.ts';

const USAGE = 'npm run bench:search:inprocess -- --data-dir /tmp/x/data [--requests 40] [--only a,b] [--whole-events]';

runBench('bench:search:inprocess', USAGE, async (scope) => {
  const args = process.argv.slice(2);
  const dataDir = existingDirArg(args, 'data-dir');
  if (!dataDir) throw new UsageError('--data-dir <DATA_DIR of a seeded catalogue> is required');
  const requests = numberArg(args, 'requests', 40);
  const listFields = flagArg(args, 'whole-events') ? undefined : 'card';
  // Filter options run cold only (below).
  const only = subsetArg(args, 'only', [
    ...searchMixTypes().filter((name) => name !== 'filter_options'),
    'filter_options_cold',
  ]);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ');

  // In the calling thread: the figure is the query's own cost, not a thread hop or a queue.
  process.env.SEARCH_READER_THREADS ??= '0';
  const stack = scope.closing('the embedded stack', await openEmbeddedStack(dataDir));
  const total = await stack.search.count('events', {});
  console.log(
    `bench:search:inprocess: ${total} events in ${dataDir}, ${requests} requests per type, list items ${listFields ?? 'whole events'}, load average ${load()}`,
  );

  const results: Record<string, unknown> = {};
  const mix = searchMix(DEMO_CITIES, total, CATEGORIES, { listFields });
  for (const [name, next] of Object.entries(mix)) {
    // Filter options answer from a 30 s cache after the first call; their cold cost is measured below.
    if ((only && !only.has(name)) || name === 'filter_options') continue;
    const timed = async (i: number): Promise<{ ms: number; total: number }> => {
      const { path: url, headers } = next(i);
      const started = performance.now();
      if (url.startsWith('/api/events/filters')) {
        await stack.events.queries.filterOptions();
        return { ms: performance.now() - started, total: 0 };
      }
      const params = Object.fromEntries(new URL(url, 'http://bench').searchParams);
      const answer = await stack.events.queries.search(params, { timezone: headers?.['X-Timezone'] });
      return { ms: performance.now() - started, total: answer.pagination.total };
    };
    await timed(0); // first call compiles statements; not recorded
    const samples: number[] = [];
    // A question's first ask pays for what its repeats find cached (a word's set, an area's count): reported apart.
    const firstAsks: number[] = [];
    const repeats: number[] = [];
    const asked = new Set<string>([JSON.stringify(next(0))]);
    let matched = 0;
    const started = performance.now();
    for (let i = 1; i <= requests; i++) {
      const { ms, total: n } = await timed(i);
      samples.push(ms);
      const question = JSON.stringify(next(i));
      (asked.has(question) ? repeats : firstAsks).push(ms);
      asked.add(question);
      matched += n;
    }
    const summary = summarise(samples, 0, (performance.now() - started) / 1000);
    const split = (part: number[]) => {
      const { p50_ms, p95_ms } = summarise(part, 0, 1);
      return part.length === 0 ? 'none' : `${p50_ms} / ${p95_ms} ms (${part.length})`;
    };
    results[name] = {
      ...summary,
      mean_total: Math.round(matched / requests),
      first_asks: firstAsks.length,
      repeats: repeats.length,
    };
    console.log(
      `${name.padEnd(24)} p50 ${String(summary.p50_ms).padStart(8)} ms  p95 ${String(summary.p95_ms).padStart(8)} ms  mean total ${Math.round(matched / requests)}` +
        `  first asks p50/p95 ${split(firstAsks)}, repeats ${split(repeats)}`,
    );
  }
  await stack.close();

  if (!only || only.has('filter_options_cold')) {
    // Cold: a fresh module (its 30 s answer cache) over a fresh search connection (its totals and facet cache).
    const cold: number[] = [];
    for (let i = 0; i < 3; i++) {
      const fresh = scope.closing('a fresh embedded stack', await openEmbeddedStack(dataDir));
      const started = performance.now();
      await fresh.events.queries.filterOptions();
      cold.push(performance.now() - started);
      await fresh.close();
    }
    const summary = summarise(cold, 0, cold.reduce((a, b) => a + b, 0) / 1000);
    results.filter_options_cold = summary;
    console.log(
      `${'filter_options_cold'.padEnd(24)} p50 ${String(summary.p50_ms).padStart(8)} ms  max ${String(summary.max_ms).padStart(8)} ms`,
    );
  }
  console.log(`load average after: ${load()}`);
});
