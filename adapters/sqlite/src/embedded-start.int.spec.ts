/**
 * Processes started at the same moment on a fresh data folder (docker-compose's `worker`, `api` and `ingest`,
 * or `npm start` beside a CLI) all get through the embedded engines' setup: migrations, collection tables and
 * the search index's tables, whichever comes first. The others wait for the setup in progress instead of
 * failing with `database is locked`, and exactly one of them creates each search index.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTempDataDir, startTsxScript } from '@evently/platform/testing';

const childScript = fileURLToPath(new URL('./embedded-start.child.ts', import.meta.url));
const PROCESSES = 4;
const ROUNDS = 4;

interface Outcome {
  code: number | string;
  stdout: string;
  stderr: string;
}

/** A child with its code loaded, waiting for `go` to start the setup. */
async function startChild(dataDir: string): Promise<{ go: () => void; outcome: Promise<Outcome> }> {
  const child = startTsxScript(childScript, [dataDir], { stdin: true });
  await child.waitForLine((line) => line === 'loaded');
  const outcome = child.closed.then(async () => ({
    code: await child.exited,
    stdout: child.lines.join('\n'),
    stderr: child.stderr(),
  }));
  return { go: () => child.child.stdin!.end('go\n'), outcome };
}

describe('embedded engines started by several processes at once', () => {
  it(`sets up a fresh data folder from ${PROCESSES} processes at the same moment, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { dir, remove } = await createTempDataDir('evently-start-');
      try {
        // Every child loads its code first; then all are told to go in the same turn of the event loop.
        const children = await Promise.all(Array.from({ length: PROCESSES }, () => startChild(dir)));
        for (const child of children) child.go();
        const outcomes = await Promise.all(children.map((child) => child.outcome));
        for (const outcome of outcomes) expect(outcome.stderr).not.toMatch(/SqliteError|database is locked/);
        expect(outcomes.map((outcome) => outcome.code)).toEqual(Array(PROCESSES).fill(0));
        // Each index is created once: a late process finds it made, instead of dropping and making it again.
        const created = outcomes.flatMap(
          (outcome) => JSON.parse(/^ready (.*)$/m.exec(outcome.stdout)?.[1] ?? '[]') as string[],
        );
        expect(created.sort()).toEqual(['events', 'posts', 'tickets']);
      } finally {
        await remove();
      }
    }
  }, 120_000);
});
