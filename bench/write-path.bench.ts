/**
 * CPU per event of a feed's writes on the embedded profile, in two parts measured apart: writing pages through
 * the ingestion write path (the events module's batched upsert with its offer matcher, the store, the log), then
 * projecting what was written into the search index in the batches a live projector takes. Wall time on a shared
 * machine depends on who else runs; the CPU this process used per event does much less.
 *
 * Usage: `USAGE` below.
 *
 * Writes mutate the DATA_DIR: give it a copy. `--page`: events per upsert transaction (a paced feed at 500/s
 * writes pages of 50); `--batch`: messages per projector batch (500/s over a 250 ms projector interval). A third
 * part sends the same pages again, as a feed polled again does: every record unchanged, nothing written.
 * Run under `node --cpu-prof` (NODE_OPTIONS) to see where each part's time goes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { generateDemoEvents, type SourceEventInput } from '@evently/events';
import { createProjectorRunner } from '@evently/platform';
import { existingDirArg, numberArg, stringArg } from './lib/args.ts';
import { openEmbeddedStack } from './lib/embedded-stack.ts';
import { runBench, UsageError } from './lib/run-bench.ts';

const USAGE =
  'npm run bench:write-path -- --data-dir <a copy of a seeded DATA_DIR> [--events 3000] [--page 50] [--batch 125] [--profile DIR]';

runBench('bench:write-path', USAGE, async (scope) => {
  const args = process.argv.slice(2);
  const dataDir = existingDirArg(args, 'data-dir');
  if (!dataDir) throw new UsageError('--data-dir <a copy of a seeded DATA_DIR> is required');
  const total = numberArg(args, 'events', 3000);
  const pageSize = numberArg(args, 'page', 50);
  const batch = numberArg(args, 'batch', 125);
  /** A folder to write each part's CPU profile to (`write`, `project`, `resend` .cpuprofile), for a profile viewer. */
  const profileDir = stringArg(args, 'profile');
  /** Written first and left out of the figures: statements compiled, pages of the indexes read into the cache. */
  const warmUp = Math.min(500, total);

  // The writing process serves no reads: its search connection needs no reader threads.
  process.env.SEARCH_READER_THREADS = '0';
  const stack = scope.closing('the embedded stack', await openEmbeddedStack(dataDir));
  const existing = await stack.store.count('events');
  const run = Date.now().toString(36);
  const source = generateDemoEvents({
    count: warmUp + total,
    seed: 9000 + existing,
    idPrefix: `wp${run}`,
    startIndex: existing,
    now: new Date(),
  });
  const pagesOf = (count: number): SourceEventInput[][] => {
    const pages: SourceEventInput[][] = [];
    for (let done = 0; done < count; done += pageSize) {
      const page: SourceEventInput[] = [];
      for (let i = 0; i < Math.min(pageSize, count - done); i++) page.push(source.next().value as SourceEventInput);
      pages.push(page);
    }
    return pages;
  };

  const cpuMs = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };

  const inspector = profileDir ? new Session() : null;
  inspector?.connect();
  if (inspector) scope.onClose('the profiler session', () => inspector.disconnect());

  async function measure(part: string, what: () => Promise<void>): Promise<{ cpuMs: number; wallMs: number }> {
    if (inspector) {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const cpu = cpuMs();
    const wall = performance.now();
    await what();
    const measured = { cpuMs: cpuMs() - cpu, wallMs: performance.now() - wall };
    if (inspector && profileDir) {
      const { profile } = await inspector.post('Profiler.stop');
      await mkdir(profileDir, { recursive: true });
      await writeFile(join(profileDir, `${part}.cpuprofile`), JSON.stringify(profile));
    }
    return measured;
  }

  const runner = createProjectorRunner({
    bus: stack.bus,
    projectors: stack.events.projectors.filter((projector) => projector.name === 'events-search'),
    logger: stack.logger,
    maxBatch: batch,
  });
  scope.onClose('the projector runner', () => runner.stop());

  const writePages = async (pages: SourceEventInput[][]) => {
    for (const page of pages) await stack.events.commands.upsertManyFromSource(page);
  };

  // Warm-up: both parts once, so the measured runs start with compiled statements and the projector caught up.
  await writePages(pagesOf(warmUp));
  await runner.start();
  await runner.drained();
  await runner.stop();

  const pages = pagesOf(total);
  const write = await measure('write', () => writePages(pages));
  const project = await measure('project', async () => {
    await runner.start();
    await runner.drained();
  });
  await runner.stop();
  // A feed polled again sends mostly what it sent before: the same pages once more, each record unchanged.
  const resend = await measure('resend', () => writePages(pages));

  const perEvent = (ms: number) => Number(((ms * 1000) / total).toFixed(1));
  const result = {
    catalogue: existing,
    events: total,
    page: pageSize,
    batch,
    write_cpu_us_per_event: perEvent(write.cpuMs),
    write_wall_us_per_event: perEvent(write.wallMs),
    project_cpu_us_per_event: perEvent(project.cpuMs),
    project_wall_us_per_event: perEvent(project.wallMs),
    resend_cpu_us_per_event: perEvent(resend.cpuMs),
    resend_wall_us_per_event: perEvent(resend.wallMs),
  };
  console.log(
    `catalogue ${existing}, ${total} events in pages of ${pageSize}, projected in batches of ${batch}\n` +
      `write:   ${result.write_cpu_us_per_event} us CPU per event (${result.write_wall_us_per_event} us wall)\n` +
      `project: ${result.project_cpu_us_per_event} us CPU per event (${result.project_wall_us_per_event} us wall)\n` +
      `resend:  ${result.resend_cpu_us_per_event} us CPU per event (${result.resend_wall_us_per_event} us wall), the same pages again, unchanged`,
  );
  const resultsDir = join(import.meta.dirname, 'results');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, `write-path-${run}.json`), `${JSON.stringify(result, null, 2)}\n`);
});
