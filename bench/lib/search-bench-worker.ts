/**
 * The benchmark's projector worker: consumes the shared log and keeps the search index current, in its own
 * process so projection runs on the second core while the api process writes (production's worker role).
 */
import { createProjectorRunner } from '@evently/platform';
import { openEmbeddedStack } from './embedded-stack.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: search-bench-worker.ts <data dir>');
const stack = await openEmbeddedStack(dataDir);
const runner = createProjectorRunner({
  bus: stack.bus,
  projectors: stack.events.projectors,
  logger: stack.logger,
  maxBatch: 2000,
  // The worker role's commit cadence (PROJECTOR_BATCH_MS, 250 ms unless set): the freshness the bench prints
  // includes it, as it does in production.
  batchIntervalMs: Number(process.env.PROJECTOR_BATCH_MS ?? 250),
});
await runner.start();
process.stdout.write('worker ready\n');

let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= (async () => {
    await runner.stop();
    await stack.close();
    process.exit(0);
  })());
process.on('SIGTERM', () => void stop());
// The bench server holds the other end of stdin: when it is gone, however it ended, so is this worker's reason to run.
process.stdin.on('end', () => void stop());
process.stdin.resume();
