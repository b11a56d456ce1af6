/**
 * Processes started at the same moment on a fresh data folder (docker-compose's `worker`, `api` and `ingest`,
 * or `npm start` beside a CLI) all get through the embedded engines' setup: migrations, collection tables and
 * the search index's tables, whichever comes first. The others wait for the setup in progress instead of
 * failing with `database is locked`, and exactly one of them creates each search index.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTempDataDir } from './temp-dir.ts';

const childScript = fileURLToPath(new URL('./embedded-start.child.ts', import.meta.url));
const PROCESSES = 4;
const ROUNDS = 4;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startChild(dataDir: string, startAt: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, dataDir, String(startAt)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('embedded engines started by several processes at once', () => {
  it(`sets up a fresh data folder from ${PROCESSES} processes at the same moment, ${ROUNDS} times over`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { dir, remove } = await createTempDataDir('evently-start-');
      try {
        // Far enough ahead that every child has loaded its code and is waiting for the moment.
        const startAt = Date.now() + 4_000;
        const outcomes = await Promise.all(Array.from({ length: PROCESSES }, () => startChild(dir, startAt)));
        for (const outcome of outcomes) expect(outcome.stderr).not.toMatch(/SqliteError|database is locked/);
        expect(outcomes.map((outcome) => outcome.code)).toEqual(Array(PROCESSES).fill(0));
        // Each index is created once: a late process finds it made, instead of dropping and making it again.
        const created = outcomes.flatMap((outcome) => JSON.parse(/^ready (.*)$/m.exec(outcome.stdout)?.[1] ?? '[]') as string[]);
        expect(created.sort()).toEqual(['events', 'posts', 'tickets']);
      } finally {
        await remove();
      }
    }
  }, 120_000);
});
