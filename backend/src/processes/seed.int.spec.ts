/**
 * `npm run seed` loads a first catalogue in bulk (the rebuild path) and adds to a filled one event by event;
 * either way every event is searchable when the command returns. Runs the real backend as a child process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteSearchIndex } from '@evently/platform';
import { spawnBackend } from '../testing/spawn-backend.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the command to its end and answers its "projected" line. */
async function seed(dataDir: string, events: number): Promise<string> {
  const backend = spawnBackend(['seed', '--events', String(events)], { DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_PASSWORD: 'seed-test-password', LOG_LEVEL: 'warn' });
  const projected = await backend.waitForLine((line) => line.startsWith('seed: projected in'));
  expect(await backend.exited).toBe(0);
  return projected;
}

describe('seed (process level)', () => {
  it('given an empty index, then it loads in bulk; given a filled one, then it projects the new events live', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'evently-seed-'));
    dirs.push(dataDir);

    expect(await seed(dataDir, 150)).toContain('rebuilt in bulk: events-search');
    expect(await seed(dataDir, 50)).not.toContain('events-search');

    const search = createSqliteSearchIndex({ file: path.join(dataDir, 'search.db'), readerThreads: 0 });
    try {
      expect(await search.count('events', {})).toBe(200);
    } finally {
      await search.close();
    }
  });
});
