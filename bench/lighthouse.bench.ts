/**
 * `npm run bench:lighthouse` (options: `USAGE` below): Lighthouse 12 (the CLI, run on our Node) with
 * Debian's Chromium against the real server with demo data, on `/` and on an event page, mobile (Lighthouse's
 * default Moto G emulation with simulated slow 4G) and desktop (`--preset=desktop`). Prints the four category
 * scores per run and the median per page and form factor, with the load average before each run: the machine is
 * shared, so performance scores move with it. JSON reports go to bench/results/lighthouse-<time>/ (not committed).
 *
 * `--compare <dir>` measures another client build (e.g. main's, built into a temporary directory) side by side:
 * a second server serves it, and every page and form factor runs on it and then on `frontend/dist`, so both see
 * the same load. The `build` column says which. `--dist <dir>` serves that build instead of `frontend/dist`
 * (no build step), so two fixed builds can be compared while others rebuild `frontend/dist`.
 *
 * Outside hosts (map tiles, remote event images) are unreachable here, as in the browser specs; the pages must
 * look and score well without them, which is what a visitor on a poor connection gets too.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../backend/src/testing/browser.ts';
import { startTestServer } from '../backend/src/testing/start-test-server.ts';
import { flagArg, numberArg, stringArg } from './lib/args.ts';
import { runBench, type BenchScope } from './lib/run-bench.ts';

const root = path.resolve(import.meta.dirname, '..');
const lighthouseBin = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;
type FormFactor = 'mobile' | 'desktop';

interface Report {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Chrome now and then loses the start of a trace (NO_NAVSTART, NO_TRACING_STARTED): that run is repeated. */
const LOST_TRACE = /\((NO_NAVSTART|NO_TRACING_STARTED)\)/;

/** One Lighthouse CLI run; if the bench ends first, the CLI is interrupted, which closes its Chrome too. */
function run(scope: BenchScope, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, _out, stderr) =>
      error ? reject(Object.assign(error, { stderr })) : resolve(),
    );
    scope.child('Lighthouse', child, 'SIGINT');
  });
}

async function runRetryingLostTraces(scope: BenchScope, args: string[], attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run(scope, args);
      return;
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      if (attempt >= attempts || !LOST_TRACE.test(stderr)) throw error;
      console.error(`lighthouse lost its trace (${LOST_TRACE.exec(stderr)?.[1]}), running again`);
    }
  }
}

async function lighthouse(
  scope: BenchScope,
  url: string,
  formFactor: FormFactor,
  output: string,
): Promise<{ scores: Scores; lcpMs: number; tbtMs: number; cls: number }> {
  const args = [
    lighthouseBin,
    url,
    `--chrome-path=${CHROMIUM_PATH}`,
    `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  await runRetryingLostTraces(scope, args);
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((report.categories[category].score ?? 0) * 100)]),
  ) as Scores;
  return {
    scores,
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

interface Build {
  name: string;
  home: string;
  event: string;
}

async function main(scope: BenchScope): Promise<void> {
  const argv = process.argv.slice(2);
  const runs = numberArg(argv, 'runs', 1);
  const compare = stringArg(argv, 'compare');
  const dist = stringArg(argv, 'dist');
  if (!dist && !flagArg(argv, 'no-build'))
    execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: root, stdio: 'inherit' });

  const start = async (name: string, staticRoot: string | undefined) => {
    const server = await startTestServer({
      seedDemo: true,
      ...(staticRoot ? { staticRoot: path.resolve(staticRoot) } : {}),
    });
    scope.onClose(`the '${name}' server`, () => server.stop());
    return { name, server };
  };
  const servers = [...(compare ? [await start('compared', compare)] : []), await start('dist', dist)];
  const outDir = path.join(root, 'bench', 'results', `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(outDir, { recursive: true });
  const builds: Build[] = [];
  for (const { name, server } of servers) {
    const first = (await (await fetch(new URL('/api/events?per_page=1', server.url))).json()) as {
      data: Array<{ id: number }>;
    };
    const eventId = first.data[0]?.id;
    if (eventId === undefined) throw new Error('the demo catalogue is empty');
    builds.push({ name, home: `${server.url}/`, event: `${server.url}/event/${eventId}` });
  }

  const results = new Map<string, Scores[]>();
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}, ${runs} run(s), reports in ${path.relative(root, outDir)}`,
  );
  if (compare) console.log(`build 'compared' is ${compare}, build 'dist' is ${dist ?? 'frontend/dist'}`);
  console.log(
    `${compare ? 'build    ' : ''}page   form     load avg (1/5/15)   perf  a11y  best   seo   LCP ms  TBT ms   CLS`,
  );
  for (let index = 0; index < runs; index += 1) {
    for (const page of ['home', 'event'] as const) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        for (const build of builds) {
          const before = load();
          const result = await lighthouse(
            scope,
            build[page],
            formFactor,
            path.join(outDir, `${build.name}-${page}-${formFactor}-${index + 1}.json`),
          );
          const key = `${compare ? `${build.name.padEnd(8)} ` : ''}${page} ${formFactor}`;
          results.set(key, [...(results.get(key) ?? []), result.scores]);
          const s = result.scores;
          console.log(
            `${compare ? `${build.name.padEnd(8)} ` : ''}${page.padEnd(6)} ${formFactor.padEnd(8)} ${before.padEnd(19)} ${String(s.performance).padStart(5)} ${String(s.accessibility).padStart(5)} ${String(s['best-practices']).padStart(5)} ${String(s.seo).padStart(5)} ${String(result.lcpMs).padStart(8)} ${String(result.tbtMs).padStart(7)} ${String(result.cls).padStart(6)}`,
          );
        }
      }
    }
  }
  console.log('\nmedian per page and form factor');
  for (const [key, all] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    const line = CATEGORIES.map((category) => `${category} ${median(all.map((scores) => scores[category]))}`).join(
      ', ',
    );
    console.log(`${key.padEnd(compare ? 24 : 15)} ${line}`);
  }
}

const USAGE = 'npm run bench:lighthouse [-- --runs 2] [--no-build] [--compare DIR] [--dist DIR]';

runBench('bench:lighthouse', USAGE, main);
