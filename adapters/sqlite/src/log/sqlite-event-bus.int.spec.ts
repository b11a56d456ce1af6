import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEventBus, type EventBusFixtureOptions, createTempDataDir, waitFor } from '@evently/platform/testing';
import { smtpOutageKit } from '@evently/mail/testing';
import type { EventBus } from '@evently/platform';
import { createSqliteDocumentStore } from '../store/sqlite-document-store.ts';
import { createSqliteEventBus } from './sqlite-event-bus.ts';

const fastRetries = { retryDelayMs: 5, maxRetryDelayMs: 20 };

/** The fixture's redelivery pace: fast by default, or the case's own backoff (virtual time). */
const timing = (options: EventBusFixtureOptions = {}) =>
  options.backoff
    ? {
        retryDelayMs: options.backoff.initialMs,
        maxRetryDelayMs: options.backoff.maxMs,
        ...(options.backoff.sleep ? { sleep: options.backoff.sleep } : {}),
      }
    : fastRetries;

testEventBus(
  async (options) => {
    const temp = await createTempDataDir();
    const file = join(temp.dir, 'log.db');
    const opened: EventBus[] = [];
    const open = async () => {
      const bus = await createSqliteEventBus({ file, ...timing(options) });
      opened.push(bus);
      return bus;
    };
    return {
      bus: await open(),
      reopen: open,
      cleanup: async () => {
        for (const bus of opened) await bus.close();
        await temp.remove();
      },
    };
  },
  'sqlite standalone log',
  smtpOutageKit,
);

testEventBus(
  async (options) => {
    const temp = await createTempDataDir();
    const file = join(temp.dir, 'evently.db');
    const closers: Array<() => Promise<void>> = [];
    const open = async () => {
      const store = await createSqliteDocumentStore({ file });
      const bus = await createSqliteEventBus({ store, ...timing(options) });
      closers.push(
        () => bus.close(),
        () => store.close(),
      );
      return bus;
    };
    return {
      bus: await open(),
      reopen: open,
      cleanup: async () => {
        for (const close of closers) await close();
        await temp.remove();
      },
    };
  },
  'sqlite log sharing the store connection',
  smtpOutageKit,
);

describe('embedded log specifics', () => {
  const topic = 'evently.things';
  const record = (key: string, aggregateVersion: number) => ({
    id: `${key}-${aggregateVersion}`,
    topic,
    key,
    type: 'ThingSaved',
    version: 1,
    aggregate_version: aggregateVersion,
    data: {},
    metadata: { occurred_at: '2025-06-01T10:00:00.000Z' },
  });

  const openShared = async (
    busOptions: { pollIntervalMs?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
  ) => {
    const temp = await createTempDataDir();
    const file = join(temp.dir, 'evently.db');
    const store = await createSqliteDocumentStore({ file });
    const bus = await createSqliteEventBus({ store, ...fastRetries, ...busOptions });
    return {
      file,
      store,
      bus,
      close: async () => {
        await bus.close();
        await store.close();
        await temp.remove();
      },
    };
  };

  it('a store commit wakes the subscriber at once, without the idle poll', async () => {
    const { store, bus, close } = await openShared({ pollIntervalMs: 3_600_000 });
    const received: string[] = [];
    const subscription = await bus.subscribe({
      group: 'g',
      topics: [topic],
      handle: async (batch) => void received.push(...batch.map((m) => m.id)),
    });
    await subscription.drained();
    await store.transaction((tx) => tx.appendOutbox([record('a', 1)]));
    await waitFor(() => received.length === 1, 'the subscriber to be woken by the commit');
    await subscription.stop();
    await close();
  });

  /** A clock that moves only when told: a sleep ends once `advance` has passed its end. */
  const manualClock = () => {
    let now = 0;
    const sleepers = new Set<{ until: number; wake: () => void }>();
    return {
      now: () => now,
      sleep: (ms: number) =>
        new Promise<void>((wake) => {
          sleepers.add({ until: now + ms, wake });
        }),
      sleeping: () => sleepers.size,
      advance(ms: number) {
        now += ms;
        for (const sleeper of [...sleepers]) {
          if (sleeper.until > now) continue;
          sleepers.delete(sleeper);
          sleeper.wake();
        }
      },
    };
  };

  it('with a batch interval, hands over one batch per interval unless a full batch waits, and stores each position after its batch', async () => {
    const clock = manualClock();
    const { store, bus, close } = await openShared({ pollIntervalMs: 3_600_000, sleep: clock.sleep, now: clock.now });
    const batches: string[][] = [];
    let release: (() => void) | null = null;
    let holdNext = false;
    const subscription = await bus.subscribe({
      group: 'g',
      topics: [topic],
      maxBatch: 4,
      batchIntervalMs: 1000,
      handle: async (batch) => {
        batches.push(batch.map((m) => m.id));
        if (holdNext) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const append = (...keys: string[]) => store.transaction((tx) => tx.appendOutbox(keys.map((key) => record(key, 1))));
    const pending = async () => (await bus.lag('g', [topic]))[topic];

    // After a quiet spell the first record goes at once.
    await append('a');
    await waitFor(() => batches.length === 1, 'the first batch');
    await subscription.drained();

    // Two commits within the interval wait for it, then go as one batch.
    await append('b');
    await append('c');
    await waitFor(() => clock.sleeping() === 1, 'the subscriber to wait out the interval');
    clock.advance(999);
    expect(clock.sleeping()).toBe(1);
    expect(batches).toHaveLength(1);
    expect(await pending()).toBe(2);
    holdNext = true;
    clock.advance(1);
    await waitFor(() => release !== null, 'the second batch');
    expect(batches[1]).toEqual(['b-1', 'c-1']);
    // Its position is stored only once its handler has resolved.
    expect(await pending()).toBe(2);
    holdNext = false;
    release!();
    await subscription.drained();
    expect(await pending()).toBe(0);

    // A full batch does not wait for the interval.
    await append('d', 'e', 'f', 'g', 'h');
    await waitFor(() => batches.length === 3, 'the full batch, without the clock moving');
    expect(batches[2]).toEqual(['d-1', 'e-1', 'f-1', 'g-1']);
    // The rest of it is smaller than the cap: it waits for the interval after the full one.
    await waitFor(() => clock.sleeping() === 1, 'the remainder to wait');
    clock.advance(1000);
    await subscription.drained();
    expect(batches[3]).toEqual(['h-1']);

    // Stopping during the wait ends it without handing the batch over or storing a position.
    await append('i');
    await waitFor(() => clock.sleeping() === 1, 'the next wait');
    await subscription.stop();
    expect(batches).toHaveLength(4);
    expect(await pending()).toBe(1);
    await close();
  });

  it('records of a transaction still open are not delivered; they are once it commits', async () => {
    const { store, bus, close } = await openShared({ pollIntervalMs: 5 });
    const received: string[] = [];
    const subscription = await bus.subscribe({
      group: 'g',
      topics: [topic],
      handle: async (batch) => void received.push(...batch.map((m) => m.id)),
    });
    await bus.publish([record('b', 1)]);
    await subscription.drained();
    let commit!: () => void;
    const open = store.transaction(async (tx) => {
      await tx.appendOutbox([record('a', 1)]);
      await new Promise<void>((resolve) => {
        commit = resolve;
      });
    });
    // A check that nothing arrives, so it can only wait: five polls of 5 ms while the transaction is open (the
    // log reader must not see it); the delivery once it commits shows the subscriber was live all along.
    await new Promise((resolve) => setTimeout(resolve, 25));
    expect(received).toEqual(['b-1']);
    commit();
    await open;
    await subscription.drained();
    expect(received).toEqual(['b-1', 'a-1']);
    await subscription.stop();
    await close();
  });

  it('picks up records another connection appended to the same file', async () => {
    const { file, bus, close } = await openShared({ pollIntervalMs: 10 });
    const otherProcessBus = await createSqliteEventBus({ file });
    const received: string[] = [];
    const subscription = await bus.subscribe({
      group: 'g',
      topics: [topic],
      handle: async (batch) => void received.push(...batch.map((m) => m.id)),
    });
    await otherProcessBus.publish([record('a', 1)]);
    await waitFor(() => received.length === 1, "the poll to find the other connection's record");
    await subscription.stop();
    await otherProcessBus.close();
    await close();
  });

  it('two buses on one file (two api processes sharing DATA_DIR): a commit through one reaches tail subscriptions of both', async () => {
    const processA = await openShared({ pollIntervalMs: 10 });
    const storeB = await createSqliteDocumentStore({ file: processA.file });
    const busB = await createSqliteEventBus({ store: storeB, pollIntervalMs: 10, ...fastRetries });
    await processA.store.transaction((tx) => tx.appendOutbox([record('old', 1)]));
    const tailOf = async (bus: EventBus) => {
      const received: string[] = [];
      const subscription = await bus.subscribe({
        group: 'live',
        mode: 'tail',
        topics: [topic],
        handle: async (batch) => void received.push(...batch.map((m) => m.id)),
      });
      return { received, subscription };
    };
    const onA = await tailOf(processA.bus);
    const onB = await tailOf(busB);
    await processA.store.transaction((tx) => tx.appendOutbox([record('a', 1), record('a', 2)]));
    await waitFor(() => onB.received.length === 2, "process B's tail to poll process A's commit");
    await onA.subscription.drained();
    expect(onA.received).toEqual(['a-1', 'a-2']);
    expect(onB.received).toEqual(['a-1', 'a-2']);
    expect(await processA.bus.lag('live', [topic])).toEqual({ [topic]: 3 });
    await onB.subscription.stop();
    await onA.subscription.stop();
    await busB.close();
    await storeB.close();
    await processA.close();
  });

  it('a tail subscription is never refused for a name already in use in this process', async () => {
    const { bus, close } = await openShared();
    const durable = await bus.subscribe({ group: 'g', topics: [topic], handle: async () => undefined });
    const tail = await bus.subscribe({ group: 'g', mode: 'tail', topics: [topic], handle: async () => undefined });
    expect(tail.group).toMatch(/^g\..+-\d+-[0-9a-f]{8}$/);
    await tail.stop();
    await durable.stop();
    await close();
  });

  it('resetGroup rewinds a running subscription', async () => {
    const { bus, close } = await openShared();
    await bus.publish([record('a', 1), record('a', 2)]);
    const received: string[] = [];
    const subscription = await bus.subscribe({
      group: 'g',
      topics: [topic],
      handle: async (batch) => void received.push(...batch.map((m) => m.id)),
    });
    await subscription.drained();
    await bus.resetGroup('g', [topic]);
    await waitFor(() => received.length === 4, 'the replay');
    expect(received).toEqual(['a-1', 'a-2', 'a-1', 'a-2']);
    await subscription.stop();
    await close();
  });

  it('a running subscription follows a reset made by another process', async () => {
    const { file, bus, close } = await openShared({ pollIntervalMs: 10 });
    await bus.publish([record('a', 1), record('a', 2)]);
    const received: string[] = [];
    const subscription = await bus.subscribe({
      group: 'g',
      topics: [topic],
      handle: async (batch) => void received.push(...batch.map((m) => m.id)),
    });
    await subscription.drained();
    const reindexProcess = await createSqliteEventBus({ file });
    await reindexProcess.resetGroup('g', [topic]);
    await bus.publish([record('a', 3)]);
    await waitFor(
      () => received.filter((id) => id === 'a-1').length === 2,
      'the running subscription to replay after the foreign reset',
    );
    await subscription.drained();
    expect(received.slice(0, 3)).toEqual(['a-1', 'a-2', 'a-3']);
    expect(received.slice(3)).toEqual(['a-1', 'a-2', 'a-3']);
    await subscription.stop();
    await reindexProcess.close();
    await close();
  });

  it('a deferred subscription writes nothing to the file until commit(), and stopping without it stores nothing', async () => {
    const { file, bus, close } = await openShared();
    await bus.publish([record('a', 1), record('a', 2), record('b', 1)]);
    // Another process sharing the file (the seed's writer): it reads the stored offsets and the file's version.
    const other = new Database(file, { readonly: true });
    const dataVersion = () => other.pragma('data_version', { simple: true });
    const before = dataVersion();
    const deferred = await bus.subscribe({
      group: 'g',
      topics: [topic],
      maxBatch: 1,
      deferCommits: true,
      handle: async () => undefined,
    });
    await deferred.drained();
    expect(dataVersion()).toBe(before);
    expect(await bus.lag('g', [topic])).toEqual({ [topic]: 3 });
    await deferred.stop();
    expect(await bus.lag('g', [topic])).toEqual({ [topic]: 3 });

    const again = await bus.subscribe({
      group: 'g',
      topics: [topic],
      deferCommits: true,
      handle: async () => undefined,
    });
    await again.drained();
    await again.commit();
    expect(dataVersion()).not.toBe(before);
    expect(await bus.lag('g', [topic])).toEqual({ [topic]: 0 });
    await again.stop();
    other.close();
    await close();
  });

  it('a deferred commit follows a reset made meanwhile by another process instead of writing over it', async () => {
    const { file, bus, close } = await openShared();
    await bus.publish([record('a', 1), record('a', 2)]);
    const received: string[] = [];
    const deferred = await bus.subscribe({
      group: 'g',
      topics: [topic],
      deferCommits: true,
      handle: async (batch) => void received.push(...batch.map((m) => m.id)),
    });
    await deferred.drained();
    // Another process stores a position for the group (a worker that handled the first record).
    const other = new Database(file);
    other
      .prepare(
        `INSERT INTO consumer_offsets (group_name, topic, seq, updated_at) VALUES ('g', ?, 1, '2025-06-01T10:00:00.000Z')`,
      )
      .run(topic);
    await deferred.commit();
    expect(await bus.lag('g', [topic])).toEqual({ [topic]: 1 });
    await waitFor(() => received.length === 3, 'the deferred subscription to follow the stored position');
    expect(received).toEqual(['a-1', 'a-2', 'a-2']);
    await deferred.stop();
    other.close();
    await close();
  });

  it('refuses a second subscription of the same group in one process', async () => {
    const { bus, close } = await openShared();
    const first = await bus.subscribe({ group: 'g', topics: [topic], handle: async () => undefined });
    await expect(bus.subscribe({ group: 'g', topics: [topic], handle: async () => undefined })).rejects.toThrow(
      /already has a subscription/,
    );
    await first.stop();
    await close();
  });

  it('a store without the shared bus keeps records pending for a relay; attaching the bus makes them log entries', async () => {
    const temp = await createTempDataDir();
    const store = await createSqliteDocumentStore({ file: join(temp.dir, 'evently.db') });
    await store.transaction((tx) => tx.appendOutbox([record('a', 1)]));
    expect(await store.outbox.pending(10)).toHaveLength(1);
    const bus: EventBus = await createSqliteEventBus({ store });
    expect(await store.outbox.pending(10)).toEqual([]);
    expect(await bus.lag('g', [topic])).toEqual({ [topic]: 1 });
    await bus.close();
    await store.close();
    await temp.remove();
  });
});
