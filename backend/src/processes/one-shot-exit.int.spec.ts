/**
 * One-shot roles (`dead-letters`, `ingest`, `offers`, `erase`) end when their work is done: the process exits
 * once nothing holds the event loop, so whatever the composition starts must be gone after `close()`: no
 * timer, lease renewal or poll interval still due, no reader thread or socket left open.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@evently/platform';
import { createTempDataDir } from '@evently/platform/testing';
import { compose } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { openBackendRuntime } from './ingest-runtime.ts';

const folders: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const remove of folders) await remove();
});

const envFor = async () => {
  const { dir, remove } = await createTempDataDir('evently-one-shot-');
  folders.push(remove);
  return { DATA_DIR: dir, ADMIN_PASSWORD: 'one-shot-password', DEMO_DATA: 'false', LOG_LEVEL: 'silent' };
};
const logger = createLogger({ name: 'one-shot', level: 'silent' });

/**
 * Records the timers started from now on: one still due and holding the loop after `close()` is what would
 * keep a finished command waiting (the runner's own timers are not counted, as they were started before).
 */
const realTimers = { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval };
let started: Array<{ timer: NodeJS.Timeout; stack: string }> = [];
function recordTimers(): void {
  started = [];
  const record = (timer: NodeJS.Timeout) => {
    started.push({ timer, stack: new Error('started here').stack ?? '' });
    return timer;
  };
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) =>
    record(realTimers.setTimeout(...args))) as typeof setTimeout;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) =>
    record(realTimers.setInterval(...args))) as typeof setInterval;
}
afterEach(() => Object.assign(globalThis, realTimers));

/** Timers still due that hold the loop, by where they were started. */
const timersLeft = (): string[] =>
  started
    .filter(({ timer }) => timer.hasRef() && !(timer as NodeJS.Timeout & { _destroyed?: boolean })._destroyed)
    .map(({ stack }) => stack.split('\n').slice(2, 5).join('\n'));

/** Threads, sockets and pipes, which `getActiveResourcesInfo` lists by kind (timers are checked above). */
const openHandles = (): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo())
    if (kind !== 'Timeout' && kind !== 'Immediate' && kind !== 'FSReqPromise')
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
};
const handlesLeft = (before: Map<string, number>): string[] =>
  [...openHandles()]
    .filter(([kind, count]) => count > (before.get(kind) ?? 0))
    .map(([kind, count]) => `${kind} x${count - (before.get(kind) ?? 0)}`);

/** Lets the callbacks of closed handles (a thread's exit, a socket's close) run before counting; a few turns, no clock. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('one-shot roles leave nothing running after close', () => {
  it('the composition a command boots (dead-letters, offers, erase) holds nothing once closed', async () => {
    const env = await envFor();
    const before = openHandles();
    recordTimers();
    const composition = await compose({ config: loadConfig(env), logger, role: 'dead-letters', env });
    // A search answered by a reader thread, as `offers` and `erase` read the index.
    await composition.search.search('events', { limit: 1 });
    expect(await composition.bus.deadLetters.list({ limit: 10 })).toEqual([]);
    await composition.close();
    await settle();
    expect(timersLeft()).toEqual([]);
    expect(handlesLeft(before)).toEqual([]);
  });

  it("ingest's runtime (its own relay and projectors) holds nothing once closed", async () => {
    const env = await envFor();
    const before = openHandles();
    recordTimers();
    const runtime = await openBackendRuntime({ env, logger });
    await runtime.drained();
    await runtime.close();
    await settle();
    expect(timersLeft()).toEqual([]);
    expect(handlesLeft(before)).toEqual([]);
  });
});
