/**
 * The match keys backfill (decision 021) on an embedded DATA_DIR from before the keys: an `api` process leaves
 * the records alone, a `worker` keys them in the background after it has started.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteDocumentStore } from '@evently/sqlite';
import { backendProcesses, logMessage } from '../testing/backend-processes.ts';
import { logRecord } from '../testing/spawn-backend.ts';

const backends = backendProcesses({ prefix: 'evently-match-keys-', scope: 'file' });
const env = backends.embeddedEnv({ ADMIN_PASSWORD: 'match-keys-password' });
const dataDir = env.DATA_DIR!;

/** Reads the events' keys through a store of its own, as another process would. */
async function storedKeys(): Promise<Array<string | null>> {
  const store = await createSqliteDocumentStore({ file: path.join(dataDir, 'evently.db') });
  await store.init([{ name: 'events' }]);
  const events = await store.find<{ match_venue?: string }>('events');
  await store.close();
  return events.map((event) => event.match_venue ?? null);
}

describe('match keys backfill in the worker', () => {
  it('keys events stored before the keys in a worker, never in an api', async () => {
    const store = await createSqliteDocumentStore({ file: path.join(dataDir, 'evently.db') });
    await store.init([{ name: 'events' }]);
    await store.transaction(async (tx) => {
      for (const id of ['1', '2', '3']) {
        const venue = { venue_name: `Hall ${id}`, city: 'Madrid', latitude: 40.4168, longitude: -3.7038 };
        await tx.insert<Record<string, unknown>>('events', {
          id,
          status: id === '3' ? 'cancelled' : 'active',
          start_utc: '2026-12-05T19:00:00.000Z',
          ...venue,
        });
      }
    });
    await store.close();

    const api = await backends.startRole(['api'], env);
    expect(await api.kill('SIGTERM')).toBe(0);
    expect(await storedKeys()).toEqual([null, null, null]);

    const worker = backends.spawn(['worker'], env);
    const done = logRecord(await worker.waitForLine((line) => logMessage(line) === 'match keys backfill: done'));
    expect(done).toMatchObject({ scheduler: 'match-keys-backfill', updated: 3, left: 0 });
    expect(worker.lines.map((line) => logRecord(line)?.msg)).toContain('worker started');
    expect(await worker.kill('SIGTERM')).toBe(0);
    // The venue key (venue and city, normalised) of each record, the cancelled one too.
    expect(await storedKeys()).toEqual(
      ['1', '2', '3'].map((id) => expect.stringMatching(new RegExp(`${id}.*hall.*madrid`))),
    );
  });
});
