/**
 * SIGKILL between a commit and its projection loses nothing: a child process writes documents with their
 * outbox records while a slow projector trails behind, the test kills it without warning, reopens the same
 * files, and checks the read model matches the store exactly once the relay and projector have caught up.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Delivered } from '@evently/platform';
import { createTempDataDir, startTsxScript } from '@evently/platform/testing';
import { openPipeline, thingsTopic, type PipelineMode, type Thing } from './crash-pipeline.ts';

const childScript = fileURLToPath(new URL('./crash-writer.child.ts', import.meta.url));
const commitsBeforeKill = 60;

/** The writer's `committed <n>` line as its number. */
const committed = (line: string) => Number(line.replace('committed ', ''));

/** Runs the writer until it has reported `commits` commits, then SIGKILLs it; answers the last it reported. */
async function runAndKill(dataDir: string, mode: PipelineMode, commits: number): Promise<number> {
  const writer = startTsxScript(childScript, [dataDir, mode]);
  await writer.waitForLine((line) => committed(line) >= commits);
  expect(await writer.kill('SIGKILL')).toBe('SIGKILL');
  // Lines read after the kill were written before it; a line the kill cut short is not a number.
  return Math.max(...writer.lines.map(committed).filter(Number.isFinite));
}

describe('crash safety: SIGKILL between commit and projection', () => {
  for (const mode of ['shared', 'relay'] as const) {
    it(`after a restart the ${mode === 'shared' ? 'shared log' : 'relay'} and the projector catch up, nothing lost or duplicated`, async () => {
      const temp = await createTempDataDir();
      try {
        const reported = await runAndKill(temp.dir, mode, commitsBeforeKill);

        const pipeline = await openPipeline(temp.dir, mode, { slowProjector: false });
        try {
          const stored = await pipeline.store.find<Thing>('things');
          const viewCountAtRestart = (
            pipeline.readModel.prepare('SELECT COUNT(*) AS n FROM things_view').get() as { n: number }
          ).n;
          // The kill must have landed while the read model was behind, or this test would prove nothing.
          expect(stored.length).toBeGreaterThanOrEqual(reported);
          expect(viewCountAtRestart).toBeLessThan(stored.length);

          pipeline.relay.start();
          await pipeline.relay.flush();
          await pipeline.runner.start();
          await pipeline.runner.drained();

          const view = pipeline.readModel.prepare('SELECT id, version, title FROM things_view ORDER BY id').all();
          const expected = stored
            .map(({ id, version, title }) => ({ id, version, title }))
            .sort((a, b) => a.id.localeCompare(b.id));
          expect(view).toEqual(expected);
          expect(stored.some((thing) => thing.id.startsWith('ghost-'))).toBe(false);
          expect(await pipeline.store.outbox.pending(10)).toEqual([]);

          // The log holds exactly one message per committed version: none lost, none from rolled back work.
          const log: Delivered[] = [];
          const audit = await pipeline.bus.subscribe({
            group: 'audit',
            topics: [thingsTopic],
            handle: async (batch) => void log.push(...batch),
          });
          await audit.drained();
          await audit.stop();
          const committedVersions = stored.reduce((sum, thing) => sum + thing.version, 0);
          expect(new Set(log.map((item) => item.id)).size).toBe(committedVersions);
          expect(log.some((item) => item.key.startsWith('ghost-'))).toBe(false);
          // Only the relay may publish a record twice (crash between publish and mark); the shared log never does.
          if (mode === 'shared') expect(log).toHaveLength(committedVersions);
        } finally {
          await pipeline.close();
        }
      } finally {
        await temp.remove();
      }
    });
  }
});
