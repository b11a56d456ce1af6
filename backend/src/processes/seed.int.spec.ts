/**
 * `npm run seed` loads a first catalogue in bulk (the rebuild path) and adds to a filled one event by event;
 * either way every event is searchable when the command returns. Runs the real backend as a child process.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteSearchIndex } from '@evently/sqlite';
import type { SearchResult } from '@evently/platform';
import { backendProcesses } from '../testing/backend-processes.ts';

const backends = backendProcesses({
  prefix: 'evently-seed-',
  env: { ADMIN_PASSWORD: 'seed-test-password', LOG_LEVEL: 'warn' },
});

/** Runs the command to its end and answers its "projected" line. */
async function seed(dataDir: string, events: number): Promise<string> {
  const backend = backends.spawn(['seed', '--events', String(events)], backends.embeddedEnv({ DATA_DIR: dataDir }));
  const projected = await backend.waitForLine((line) => line.startsWith('seed: projected in'));
  expect(await backend.exited).toBe(0);
  return projected;
}

describe('seed (process level)', () => {
  it('given an empty index, then it loads in bulk; given a filled one, then it projects the new events live', async () => {
    const dataDir = backends.dataDir();

    expect(await seed(dataDir, 150)).toContain('rebuilt in bulk: events-search; alongside the writes');
    expect(await seed(dataDir, 50)).not.toContain('events-search');

    const search = createSqliteSearchIndex({ file: path.join(dataDir, 'search.db'), readerThreads: 0 });
    try {
      expect(await search.count('events', {})).toBe(200);
    } finally {
      await search.close();
    }
  });

  it('given the projection process dies during the writes, then the seed projects after them and every event is searchable', async () => {
    const dataDir = backends.dataDir();
    const backend = backends.spawn(['seed', '--events', '2000'], backends.embeddedEnv({ DATA_DIR: dataDir }));
    await backend.waitForLine((line) => line.startsWith('seed: 1000/2000 events written'));
    // The seed's child running the projection role; it cannot finish before the seed's writes are done.
    const [projection] = execFileSync('pgrep', ['-P', String(backend.child.pid), '-f', 'seed-projection'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    process.kill(Number(projection), 'SIGKILL');

    const projected = await backend.waitForLine((line) => line.startsWith('seed: projected in'));
    expect(await backend.exited).toBe(0);
    expect(projected).toContain('rebuilt in bulk: events-search');
    expect(projected).not.toContain('alongside');
    expect(backend.lines.some((line) => line.includes('the projection process failed'))).toBe(true);
    // The same 2,000 generated events seeded undisturbed give the same listed events (a few are linked offers).
    const undisturbed = backends.dataDir();
    expect(await seed(undisturbed, 2000)).toContain('alongside the writes');
    expect(await indexedIds(dataDir)).toEqual(await indexedIds(undisturbed));
  }, 120_000);

  it('given the seed is killed once its writes are committed, then its projection process ends too', async () => {
    const dataDir = backends.dataDir();
    const backend = backends.spawn(['seed', '--events', '120'], backends.embeddedEnv({ DATA_DIR: dataDir }));
    await backend.waitForLine((line) => line === 'seed: 120/120 events written');
    const [projection] = execFileSync('pgrep', ['-P', String(backend.child.pid), '-f', 'seed-projection'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    // Killed while its projection process is most likely still loading: the disconnect comes before any listener.
    expect(await backend.kill('SIGKILL')).toBe('SIGKILL');
    try {
      // It gives up (no copy swapped in; the worker replays the empty index) instead of waiting for the seed forever.
      await expect.poll(() => isRunning(Number(projection)), { timeout: 30_000, interval: 200 }).toBe(false);
    } finally {
      if (isRunning(Number(projection))) process.kill(Number(projection), 'SIGKILL');
    }
  }, 60_000);
});

/** Whether the process exists and has not ended (an orphan's exit may leave a zombie until someone reaps it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function indexedIds(dataDir: string): Promise<string[]> {
  const search = createSqliteSearchIndex({ file: path.join(dataDir, 'search.db'), readerThreads: 0 });
  try {
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: SearchResult = await search.search('events', { limit: 500, ...(after ? { after } : {}) });
      ids.push(...page.hits.map((hit) => hit.id));
      after = page.nextCursor;
    } while (after);
    expect(ids.length).toBeGreaterThan(1900);
    return ids;
  } finally {
    await search.close();
  }
}
